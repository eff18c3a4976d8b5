import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';
export const Route = createFileRoute('/cabinet/organization')({
  component: () => <ComingSoon title="Организация" />,
});
