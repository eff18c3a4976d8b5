import { createFileRoute } from '@tanstack/react-router';
import { OrderStepFour } from '../../../features/order-form/order-step-four';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_public/order/step-4')({
  head: () => pageHead('Заказ перевода, шаг 4 из 4'),
  component: OrderStepFour,
});
