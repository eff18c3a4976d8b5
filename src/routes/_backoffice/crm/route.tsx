import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../../features/shell/not-found-page';

// The /crm prefix as a route of its own, so an unknown /crm/... path keeps the back-office frame.
export const Route = createFileRoute('/_backoffice/crm')({
  notFoundComponent: NotFoundPage,
});
