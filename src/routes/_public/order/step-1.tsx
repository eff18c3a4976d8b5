import { createFileRoute } from '@tanstack/react-router';
import { OrderStepOne } from '../../../features/order-form/order-step-one';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_public/order/step-1')({
  head: () => pageHead('Заказ перевода, шаг 1 из 4'),
  component: OrderStepOne,
});
