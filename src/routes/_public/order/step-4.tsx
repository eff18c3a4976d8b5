import { createFileRoute } from '@tanstack/react-router';
import { OrderStepFour } from '../../../features/order-form/order-step-four';

export const Route = createFileRoute('/_public/order/step-4')({ component: OrderStepFour });
