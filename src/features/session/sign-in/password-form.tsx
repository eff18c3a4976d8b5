/**
 * Staff sign-in with a login (or email) and a password. Empty fields are named in an error summary
 * and beside each field before anything goes to the server; the server's refusal shows below
 * until either field is edited.
 */
import { type FormEvent, useId, useState } from 'react';
import { button } from '../../../ui/button';
import { ErrorSummary } from '../../../ui/error-summary';
import { useFieldErrors } from '../../../ui/field-errors';
import * as form from '../../../ui/form.css';
import * as page from '../../../ui/page.css';
import { TextField } from '../../../ui/text-field';
import type { SessionStore } from '../session-store';
import { isLoading, type SessionState } from '../status-machine';
import { useSession } from '../use-session';
import { errorMessage } from './retry-after';
import { FIELD, validatePassword } from './sign-in-rules';

export interface PasswordFormProps {
  session: SessionStore;
  onSignedIn: (state: SessionState) => void;
}

export function PasswordForm({ session, onSignedIn }: PasswordFormProps) {
  const id = useId();
  const { status } = useSession(session.context);
  const busy = isLoading(status);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { problems, summary, submits, check, recheck } = useFieldErrors(validatePassword);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !check({ login, password })) return;
    setError(null);
    try {
      onSignedIn(await session.login(login.trim(), password));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const describedBy = error ? `${id}-error` : undefined;
  return (
    <form className={form.form} noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={summary} focusKey={submits} />
      <TextField
        id={FIELD.login}
        label="Логин или email"
        name="username"
        autoComplete="username"
        value={login}
        error={problems[FIELD.login]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onValueChange={(value) => {
          setLogin(value);
          setError(null);
          recheck({ login: value, password });
        }}
      />
      <TextField
        id={FIELD.password}
        label="Пароль"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={problems[FIELD.password]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onValueChange={(value) => {
          setPassword(value);
          setError(null);
          recheck({ login, password: value });
        }}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className={page.errorText}>
          {error}
        </p>
      ) : null}
      <div className={form.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={busy}>
          {busy ? 'Входим…' : 'Войти'}
        </button>
      </div>
    </form>
  );
}
