import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';
export const Route = createFileRoute('/_public/debug')({
  component: () => <ComingSoon title="Диагностика" />,
});
