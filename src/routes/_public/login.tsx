import { createFileRoute } from '@tanstack/react-router';
import { StaffLoginPage } from '../../features/session/sign-in/staff-login-page';
import { pageHead } from '../../ui/page-title';
import { loginSearch } from '../-shared/search';

// Staff sign-in. Visiting it clears staff data; signed-in staff and visitors from the cabinet go on
// (docs/roles-and-access.md).
export const Route = createFileRoute('/_public/login')({
  head: () => pageHead('Вход для сотрудников'),
  validateSearch: loginSearch,
  beforeLoad: (options): Promise<void> =>
    import('../-shared/guards').then((guards) => guards.guardStaffLogin(options)),
  component: StaffLogin,
});

function StaffLogin() {
  const { redirect } = Route.useSearch();
  return <StaffLoginPage redirect={redirect} />;
}
