/** Staff sign-in with a login (or email) and a password. */
import { type FormEvent, useId, useState } from 'react';
import { button } from '../../../ui/button';
import * as form from '../../../ui/form.css';
import * as page from '../../../ui/page.css';
import { TextField } from '../../../ui/text-field';
import type { SessionStore } from '../session-store';
import { isLoading, type SessionState } from '../status-machine';
import { useSession } from '../use-session';
import { errorMessage } from './retry-after';

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    try {
      onSignedIn(await session.login(login.trim(), password));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const describedBy = error ? `${id}-error` : undefined;
  return (
    <form className={form.form} onSubmit={(event) => void submit(event)}>
      <TextField
        label="Логин или email"
        name="username"
        autoComplete="username"
        required
        value={login}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onValueChange={setLogin}
      />
      <TextField
        label="Пароль"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onValueChange={setPassword}
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
