import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';
export const Route = createFileRoute('/_public/landing-old')({
  component: () => <ComingSoon title="Старая страница заказа" />,
});
