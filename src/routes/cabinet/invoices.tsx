import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';
export const Route = createFileRoute('/cabinet/invoices')({
  component: () => <ComingSoon title="Счета" />,
});
