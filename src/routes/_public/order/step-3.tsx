import { createFileRoute } from '@tanstack/react-router';
import { OrderStepPlaceholder } from '../../../features/order-form/order-step-placeholder';

export const Route = createFileRoute('/_public/order/step-3')({
  component: () => <OrderStepPlaceholder step={3} />,
});
