/**
 * /cabinet-login: customer sign-in with a code from an email. Opened from an email's link
 * (?hash=…&email=…) it signs in by the link first; a used or expired link shows why and offers
 * the code instead. Success goes to ?redirect= or the cabinet orders. The email field starts with
 * the address this device last signed in with, if any.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import * as page from '../../../ui/page.css';
import { lastCabinetEmail, recentlyLoggedOut } from '../session-storage';
import { useSession, useSessions } from '../use-session';
import { EmailCodeForm } from './email-code-form';

export interface CabinetLoginPageProps {
  redirect?: string;
  hash?: string;
  email?: string;
}

export function CabinetLoginPage({ redirect, hash, email }: CabinetLoginPageProps) {
  const sessions = useSessions();
  const { cabinet } = sessions;
  const state = useSession('cabinet');
  const navigate = useNavigate();
  const target = redirect ?? '/cabinet/orders';
  const [linkFailed, setLinkFailed] = useState<string | null>(null);
  const byLink = Boolean(hash && email) && !recentlyLoggedOut(sessions.store, Date.now());
  // The address this device last signed in with, offered in the empty field (after the first paint).
  const [remembered, setRemembered] = useState<string | null>(null);
  useEffect(() => setRemembered(lastCabinetEmail(sessions.store)), [sessions.store]);

  useEffect(() => {
    if (!byLink || !hash || !email) return;
    let current = true;
    void cabinet.loginByHash(email, hash).then((signedIn) => {
      if (!current) return;
      if (signedIn) {
        void navigate({ href: target, replace: true });
        return;
      }
      setLinkFailed(cabinet.getState().error ?? 'Ссылка для входа недействительна');
      // A reload must not try the used link again.
      void navigate({ to: '/cabinet-login', search: { redirect, email }, replace: true });
    });
    return () => {
      current = false;
    };
  }, [byLink, cabinet, email, hash, navigate, redirect, target]);

  const signingInByLink = byLink && linkFailed === null;
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Вход в личный кабинет
      </h1>
      {signingInByLink ? (
        <p role="status" className={page.muted}>
          {state.status === 'AUTHORIZED' ? 'Открываем личный кабинет…' : 'Входим по ссылке из письма…'}
        </p>
      ) : (
        <>
          {linkFailed ? (
            <p role="alert" className={page.errorText}>
              Не удалось войти по ссылке: {linkFailed} Запросите код на email.
            </p>
          ) : null}
          <div className={page.card}>
            <p className={page.muted}>
              {redirect === '/crm-access-request'
                ? 'Подтвердите email: отправим на него код. После входа заполните запрос доступа к бэк-офису.'
                : 'Отправим на email код для входа. Если вы у нас впервые, личный кабинет будет создан.'}
            </p>
            <EmailCodeForm
              askConsent
              session={cabinet}
              initialEmail={email}
              offeredEmail={email ? null : remembered}
              onSignedIn={() => void navigate({ href: target, replace: true })}
            />
          </div>
        </>
      )}
    </section>
  );
}
