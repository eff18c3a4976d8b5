/**
 * Sign-in with a code from an email, in two steps: the address, then the six digits. Another
 * code may be asked for once the server's wait (resendAfter, or retryAfter of a refusal) is over;
 * «Изменить email» goes back to the first step. Each step checks its field before asking the
 * server; the server's refusals show below the field as an alert.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { emailProblem } from '../../../domain/email';
import { button } from '../../../ui/button';
import { ConsentCheckbox } from '../../../ui/consent-checkbox';
import { useFieldErrors } from '../../../ui/field-errors';
import * as form from '../../../ui/form.css';
import * as page from '../../../ui/page.css';
import { TextField } from '../../../ui/text-field';
import type { SessionStore } from '../session-store';
import { isLoading, type SessionState } from '../status-machine';
import { useSession } from '../use-session';
import { errorMessage, retryAfterSeconds } from './retry-after';
import { FIELD, validateCodeStep, validateEmailStep } from './sign-in-rules';
import { useCountdown } from './use-countdown';

export interface EmailCodeFormProps {
  session: SessionStore;
  initialEmail?: string;
  /**
   * An address to start the empty field with once the page is up (the one this device last
   * signed in with): read after the first paint, so a page painted from HTML still matches it.
   */
  offeredEmail?: string | null;
  onSignedIn: (state: SessionState) => void;
  /** The cabinet asks for the personal-data consent; staff sign in under their employment. */
  askConsent?: boolean;
}

export function EmailCodeForm({
  session,
  initialEmail = '',
  offeredEmail,
  onSignedIn,
  askConsent = false,
}: EmailCodeFormProps) {
  const id = useId();
  const { status } = useSession(session.context);
  const busy = isLoading(status);
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [consent, setConsent] = useState(false);
  const consentAnswer = askConsent ? consent : undefined;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const wait = useCountdown();
  const emailCheck = useFieldErrors(validateEmailStep);
  const codeCheck = useFieldErrors(validateCodeStep);
  const [offered, setOffered] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: offered once, when the address arrives, into a field still empty
  useEffect(() => {
    if (!offeredEmail || email !== '') return;
    setEmail(offeredEmail);
    setOffered(true);
  }, [offeredEmail]);

  async function sendCode() {
    setError(null);
    try {
      const resendAfter = await session.requestCode(email.trim(), consentAnswer);
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
    setError(null);
    try {
      onSignedIn(await session.verifyCode(value));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  function changeEmail() {
    session.cancelCode();
    codeCheck.setProblems({});
    setStep('email');
    setError(null);
    setSent(null);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step === 'email') {
      if (emailCheck.check({ email, consent: consentAnswer })) void sendCode();
      else focusField(emailProblem(email) ? FIELD.email : FIELD.consent);
    } else if (codeCheck.check({ code })) void verify();
    else focusField(FIELD.code);
  };

  const errorBox = error ? (
    <p id={`${id}-error`} role="alert" className={page.errorText}>
      {error}
    </p>
  ) : null;
  const describedBy = error ? `${id}-error` : undefined;

  if (step === 'email') {
    return (
      <form className={form.form} noValidate onSubmit={submit}>
        <TextField
          id={FIELD.email}
          label="Email"
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          hint={offered ? 'С этим адресом вы входили на этом устройстве. Можно ввести другой.' : undefined}
          error={emailCheck.problems[FIELD.email]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onValueChange={(value) => {
            setEmail(value);
            setOffered(false);
            setError(null);
            emailCheck.recheck({ email: value, consent: consentAnswer });
          }}
        />
        {askConsent ? (
          <ConsentCheckbox
            id={FIELD.consent}
            checked={consent}
            onCheckedChange={(checked) => {
              setConsent(checked);
              emailCheck.recheck({ email, consent: checked });
            }}
            error={emailCheck.problems[FIELD.consent]}
          />
        ) : null}
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
    <form className={form.form} noValidate onSubmit={submit}>
      {sent ? (
        <p role="status" className={form.success}>
          {sent}
        </p>
      ) : null}
      <TextField
        id={FIELD.code}
        label="Код из письма"
        hint="Шесть цифр; код действует 10 минут"
        controlClassName={form.code}
        type="text"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        // The code field is the only thing to do on this step.
        autoFocus
        value={code}
        error={codeCheck.problems[FIELD.code]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onValueChange={(value) => {
          const digits = value.replace(/\D/g, '');
          setCode(digits);
          setError(null);
          codeCheck.recheck({ code: digits });
        }}
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

/** A one-field form has no error summary: the field itself takes focus, its message read out. */
export function focusField(id: string) {
  document.getElementById(id)?.focus();
}
