import { createFileRoute } from '@tanstack/react-router';
import { OrderStepTwo } from '../../../features/order-form/order-step-two';

export const Route = createFileRoute('/_public/order/step-2')({ component: OrderStepTwo });
