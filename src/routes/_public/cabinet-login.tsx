import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CabinetLoginPage } from '../../features/session/sign-in/cabinet-login-page';
import { queryText, redirectParam } from '../-shared/search';

// Customer sign-in (email code; hash + email from a link signs in automatically). Visiting it
// clears cabinet data unless the customer is signed in, who goes on to the cabinet (spec 6).
export const Route = createFileRoute('/_public/cabinet-login')({
  validateSearch: v.object({ redirect: redirectParam, hash: queryText, email: queryText }),
  beforeLoad: (options): Promise<void> =>
    import('../-shared/guards').then((guards) => guards.guardCabinetLogin(options)),
  component: CabinetLogin,
});

function CabinetLogin() {
  const search = Route.useSearch();
  return <CabinetLoginPage {...search} />;
}
