import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';
export const Route = createFileRoute('/_public/no-access')({
  component: () => <ComingSoon title="Нет доступа" />,
});
