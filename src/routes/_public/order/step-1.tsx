import { createFileRoute } from '@tanstack/react-router';
import { OrderStepOne } from '../../../features/order-form/order-step-one';

export const Route = createFileRoute('/_public/order/step-1')({ component: OrderStepOne });
