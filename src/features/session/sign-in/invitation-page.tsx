/**
 * /crm-invite?token=…: the page an ADMIN's invitation mail links to. It says who invited whom and
 * for which role (GET /api/auth/invitation), asks for a new password twice, and signs the invitee
 * in (POST /api/auth/invitation/accept) to their first back-office page. A used or lapsed link
 * says so in words and points to the sign-in or to the administrator.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import type { components } from '../../../api/schema.gen';
import { formatDateTime } from '../../../domain/format';
import { ROLE_LABELS } from '../../../domain/roles';
import { button } from '../../../ui/button';
import { ErrorSummary } from '../../../ui/error-summary';
import { useFieldErrors } from '../../../ui/field-errors';
import * as form from '../../../ui/form.css';
import * as page from '../../../ui/page.css';
import { TextField } from '../../../ui/text-field';
import { afterStaffSignIn } from '../guards';
import { useSessions } from '../use-session';
import { errorMessage } from './retry-after';
import { FIELD, MIN_NEW_PASSWORD, validateNewPassword } from './sign-in-rules';

type Invitation = components['schemas']['InvitationPreview'];

export function InvitationPage({ token }: { token?: string }) {
  const sessions = useSessions();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : 'В ссылке нет приглашения.');

  useEffect(() => {
    if (!token) return;
    let current = true;
    sessions.api.client
      .GET('/api/auth/invitation', { params: { query: { token } }, kind: 'public' })
      .then(({ data }) => {
        if (current && data) setInvitation(data);
      })
      .catch((failure: unknown) => {
        if (current) setProblem(errorMessage(failure));
      });
    return () => {
      current = false;
    };
  }, [sessions.api, token]);

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Приглашение в бэк-офис
      </h1>
      {problem ? (
        <div className={page.card}>
          <p role="alert" className={page.errorText}>
            {problem}
          </p>
          <p>
            Уже задали пароль? <Link to="/login">Войдите</Link> со своим email. Иначе попросите администратора
            бюро прислать приглашение снова.
          </p>
        </div>
      ) : invitation && token ? (
        <PasswordStep token={token} invitation={invitation} />
      ) : (
        <p className={page.muted}>Проверяем приглашение…</p>
      )}
    </section>
  );
}

function PasswordStep({ token, invitation }: { token: string; invitation: Invitation }) {
  const { crm } = useSessions();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { problems, summary, submits, check, recheck } = useFieldErrors(validateNewPassword);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !check({ password, again })) return;
    setBusy(true);
    setError(null);
    try {
      const state = await crm.acceptInvitation(token, password);
      const next = afterStaffSignIn(state.role, undefined);
      void navigate({ href: next.kind === 'go' ? next.href : '/crm', replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  const role = `${ROLE_LABELS[invitation.role]}${invitation.partnerName ? ` партнёра «${invitation.partnerName}»` : ''}`;
  return (
    <form className={`${page.card} ${form.form}`} noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={summary} focusKey={submits} />
      <p>
        {invitation.name}, вас пригласили в рабочий кабинет бюро переводов. Роль: <strong>{role}</strong>.
      </p>
      <p className={page.muted}>
        Придумайте пароль: с ним и email <strong>{invitation.email}</strong> вы будете входить на странице
        «Вход для сотрудников». Ссылка действует до{' '}
        <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>.
      </p>
      <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
      <TextField
        id={FIELD.newPassword}
        label="Новый пароль"
        hint={`Не короче ${MIN_NEW_PASSWORD} символов`}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        value={password}
        error={problems[FIELD.newPassword]}
        onValueChange={(value) => {
          setPassword(value);
          setError(null);
          recheck({ password: value, again });
        }}
      />
      <TextField
        id={FIELD.repeatPassword}
        label="Пароль ещё раз"
        type="password"
        autoComplete="new-password"
        maxLength={200}
        value={again}
        error={problems[FIELD.repeatPassword]}
        onValueChange={(value) => {
          setAgain(value);
          setError(null);
          recheck({ password, again: value });
        }}
      />
      {error ? (
        <p role="alert" className={page.errorText}>
          {error}
        </p>
      ) : null}
      <div className={form.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={busy}>
          {busy ? 'Входим…' : 'Задать пароль и войти'}
        </button>
      </div>
    </form>
  );
}
