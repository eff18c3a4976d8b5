import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';
import { loginSearch } from '../-shared/search';

// Staff sign-in (login and password, or an email code) arrives with issue 3.
export const Route = createFileRoute('/_public/login')({
  validateSearch: loginSearch,
  component: () => <ComingSoon title="Вход для сотрудников" />,
});
