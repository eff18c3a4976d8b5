/**
 * Sign-in with a code from an email, in two steps: the address, then the six digits. Another
 * code may be asked for once the server's wait (resendAfter, or retryAfter of a refusal) is over;
 * «Изменить email» goes back to the first step.
 */
import { type FormEvent, useId, useState } from 'react';
import { button } from '../../../ui/button';
import * as form from '../../../ui/form.css';
import * as page from '../../../ui/page.css';
import { TextField } from '../../../ui/text-field';
import type { SessionStore } from '../session-store';
import { isLoading, type SessionState } from '../status-machine';
import { useSession } from '../use-session';
import { errorMessage, retryAfterSeconds } from './retry-after';
import { useCountdown } from './use-countdown';

export interface EmailCodeFormProps {
  session: SessionStore;
  initialEmail?: string;
  onSignedIn: (state: SessionState) => void;
}

const CODE_PATTERN = /^\d{6}$/;

export function EmailCodeForm({ session, initialEmail = '', onSignedIn }: EmailCodeFormProps) {
  const id = useId();
  const { status } = useSession(session.context);
  const busy = isLoading(status);
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const wait = useCountdown();

  async function sendCode() {
    setError(null);
    try {
      const resendAfter = await session.requestCode(email.trim());
      wait.start(resendAfter);
      setSent(`Код отправлен на ${email.trim()}`);
      setCode('');
      setStep('code');
    } catch (failure) {
      const retryAfter = retryAfterSeconds(failure);
      if (retryAfter !== null) wait.start(retryAfter);
      setError(errorMessage(failure));
    }
  }

  async function verify() {
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) {
      setError('Введите шесть цифр из письма');
      return;
    }
    setError(null);
    try {
      onSignedIn(await session.verifyCode(value));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  function changeEmail() {
    session.cancelCode();
    setStep('email');
    setError(null);
    setSent(null);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void (step === 'email' ? sendCode() : verify());
  };

  const errorBox = error ? (
    <p id={`${id}-error`} role="alert" className={page.errorText}>
      {error}
    </p>
  ) : null;
  const describedBy = error ? `${id}-error` : undefined;

  if (step === 'email') {
    return (
      <form className={form.form} onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onValueChange={setEmail}
        />
        {errorBox}
        <div className={form.actions}>
          <button type="submit" className={button({ tone: 'primary' })} disabled={busy || wait.seconds > 0}>
            {status === 'PENDING' ? 'Отправляем…' : 'Получить код'}
          </button>
          {wait.seconds > 0 ? (
            <span className={form.hint} aria-live="polite">
              Повторить можно через {wait.seconds} с
            </span>
          ) : null}
        </div>
      </form>
    );
  }

  return (
    <form className={form.form} onSubmit={submit}>
      {sent ? (
        <p role="status" className={form.success}>
          {sent}
        </p>
      ) : null}
      <TextField
        label="Код из письма"
        hint="Шесть цифр; код действует 10 минут"
        controlClassName={form.code}
        type="text"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        // The code field is the only thing to do on this step.
        autoFocus
        value={code}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
      />
      {errorBox}
      <div className={form.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={busy}>
          {status === 'ENTERED_CODE' ? 'Проверяем…' : 'Войти'}
        </button>
        <button
          type="button"
          className={form.linkButton}
          disabled={busy || wait.seconds > 0}
          onClick={() => void sendCode()}
        >
          {wait.seconds > 0 ? `Отправить код ещё раз через ${wait.seconds} с` : 'Отправить код ещё раз'}
        </button>
        <button type="button" className={form.linkButton} disabled={busy} onClick={changeEmail}>
          Изменить email
        </button>
      </div>
    </form>
  );
}
