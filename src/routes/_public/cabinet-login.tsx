import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ComingSoon } from '../../ui/coming-soon';
import { queryText, redirectParam } from '../-shared/search';

// Customer sign-in (email code; hash + email from a link signs in automatically) arrives with issue 3.
export const Route = createFileRoute('/_public/cabinet-login')({
  validateSearch: v.object({ redirect: redirectParam, hash: queryText, email: queryText }),
  component: () => <ComingSoon title="Вход в личный кабинет" />,
});
