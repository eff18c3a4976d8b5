/**
 * /login: staff sign-in with a password, or with a code from an email. A signed-in staff user
 * goes on to ?redirect= or their first page; an account without a staff role is signed out again
 * and told so (docs/roles-and-access.md).
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as form from '../../../ui/form.css';
import * as page from '../../../ui/page.css';
import { afterStaffSignIn } from '../guards';
import type { SessionState } from '../status-machine';
import { useSessions } from '../use-session';
import { EmailCodeForm } from './email-code-form';
import { PasswordForm } from './password-form';

export const NO_STAFF_ACCESS = 'У этой учётной записи нет доступа к бэк-офису.';

export function StaffLoginPage({ redirect }: { redirect?: string }) {
  const { crm } = useSessions();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [refused, setRefused] = useState(false);

  async function signedIn(state: SessionState) {
    const next = afterStaffSignIn(state.role, redirect);
    if (next.kind === 'go') {
      void navigate({ href: next.href, replace: true });
      return;
    }
    await crm.logout();
    setRefused(true);
  }

  function switchMode() {
    crm.cancelCode();
    setRefused(false);
    setMode(mode === 'password' ? 'code' : 'password');
  }

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Вход для сотрудников
      </h1>
      {refused ? (
        <div role="alert" className={page.errorText}>
          <p>{NO_STAFF_ACCESS}</p>
          <p>
            <Link to="/crm-access-request">Запросить доступ</Link> или{' '}
            <Link to="/cabinet-login">войти в личный кабинет</Link>
          </p>
        </div>
      ) : null}
      <div className={page.card}>
        <h2 className={page.subtitle}>{mode === 'password' ? 'Логин и пароль' : 'Код из письма'}</h2>
        {mode === 'password' ? (
          <PasswordForm session={crm} onSignedIn={(state) => void signedIn(state)} />
        ) : (
          <EmailCodeForm session={crm} onSignedIn={(state) => void signedIn(state)} />
        )}
        <p>
          <button type="button" className={form.linkButton} onClick={switchMode}>
            {mode === 'password' ? 'Войти по коду из письма' : 'Войти с логином и паролем'}
          </button>
        </p>
      </div>
      <p className={page.muted}>
        Клиентам — <Link to="/cabinet-login">вход в личный кабинет</Link>. Нет доступа к бэк-офису?{' '}
        <Link to="/crm-access-request">Запросите его</Link>.
      </p>
    </section>
  );
}
