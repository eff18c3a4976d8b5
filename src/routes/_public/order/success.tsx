import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';
export const Route = createFileRoute('/_public/order/success')({
  component: () => <ComingSoon title="Заказ оформлен" />,
});
