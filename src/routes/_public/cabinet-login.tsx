import { createFileRoute } from '@tanstack/react-router';
import { CabinetLoginPage } from '../../features/session/sign-in/cabinet-login-page';
import { pageHead } from '../../ui/page-title';
import { type RawSearch, redirectParam, textSearch } from '../-shared/search';

// Customer sign-in (email code; hash + email from a link signs in automatically). Visiting it
// clears cabinet data unless the customer is signed in, who goes on to the cabinet
// (docs/roles-and-access.md).
export const Route = createFileRoute('/_public/cabinet-login')({
  head: () => pageHead('Вход в личный кабинет'),
  validateSearch: (raw: RawSearch): { redirect?: string; hash?: string; email?: string } => ({
    redirect: redirectParam(raw.redirect),
    ...textSearch('hash', 'email')(raw),
  }),
  beforeLoad: (options): Promise<void> =>
    import('../-shared/guards').then((guards) => guards.guardCabinetLogin(options)),
  component: CabinetLogin,
});

function CabinetLogin() {
  const search = Route.useSearch();
  return <CabinetLoginPage {...search} />;
}
