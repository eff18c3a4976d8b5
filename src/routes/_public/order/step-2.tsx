import { createFileRoute } from '@tanstack/react-router';
import { OrderStepTwo } from '../../../features/order-form/order-step-two';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_public/order/step-2')({
  head: () => pageHead('Заказ перевода, шаг 2 из 4'),
  component: OrderStepTwo,
});
