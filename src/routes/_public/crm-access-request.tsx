import { createFileRoute } from '@tanstack/react-router';
import { AccessRequestPage } from '../../features/session/sign-in/access-request-page';
import { pageHead } from '../../ui/page-title';

// Needs a base login only: any signed-in context (docs/roles-and-access.md).
export const Route = createFileRoute('/_public/crm-access-request')({
  head: () => pageHead('Запрос доступа к бэк-офису'),
  beforeLoad: (options): Promise<void> =>
    import('../-shared/guards').then((guards) => guards.guardAccessRequest(options)),
  component: AccessRequestPage,
});
