import { createFileRoute } from '@tanstack/react-router';
import { LandingOld } from '../../features/order-form/landing-old';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/_public/landing-old')({
  head: () => pageHead('Перевод документов с заверением'),
  component: LandingOld,
});
