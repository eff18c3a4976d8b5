import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_public/order/')({
  beforeLoad: () => {
    throw redirect({ to: '/order/step-1', replace: true });
  },
});
