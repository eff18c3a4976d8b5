import { createFileRoute } from '@tanstack/react-router';
import { OrderStepThree } from '../../../features/order-form/order-step-three';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_public/order/step-3')({
  head: () => pageHead('Заказ перевода, шаг 3 из 4'),
  component: OrderStepThree,
});
