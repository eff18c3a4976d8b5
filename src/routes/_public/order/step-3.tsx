import { createFileRoute } from '@tanstack/react-router';
import { OrderStepThree } from '../../../features/order-form/order-step-three';

export const Route = createFileRoute('/_public/order/step-3')({ component: OrderStepThree });
