/**
 * /crm-access-request: what back-office access is and how to get it. Signed out, the page says
 * so and offers to confirm one's email first; signed in, a user asks for back-office access. The request is remembered on
 * this device, so coming back shows when it was sent instead of an empty form. Every field is
 * required; problems are listed in an error summary and beside each field before sending.
 */
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { button } from '../../../ui/button';
import { ErrorSummary } from '../../../ui/error-summary';
import { useFieldErrors } from '../../../ui/field-errors';
import * as form from '../../../ui/form.css';
import * as page from '../../../ui/page.css';
import { TextField } from '../../../ui/text-field';
import { ACCESS_REQUEST_SIGN_IN } from '../guards';
import { isAnyAuthorized } from '../session-sides';
import { useSession, useSessions } from '../use-session';
import { requestContext, sendAccessRequest, storedAccessRequest } from './access-request';
import { errorMessage } from './retry-after';
import { FIELD, validateAccessRequest } from './sign-in-rules';

export function AccessRequestPage() {
  const sessions = useSessions();
  if (!isAnyAuthorized(sessions)) return <AccessRequestIntro />;
  return <AccessRequestForm />;
}

/** For a visitor not signed in: what this is, the invitation way, and the request way. */
function AccessRequestIntro() {
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Запрос доступа к бэк-офису
      </h1>
      <div className={page.card}>
        <p>
          Бэк-офис — рабочий кабинет сотрудников бюро переводов и партнёров с пунктами выдачи: заявки, тарифы,
          пользователи. Клиентам он не нужен — их заказы в <Link to="/cabinet-login">личном кабинете</Link>.
        </p>
        <h2 className={page.subtitle}>Вас пригласил администратор?</h2>
        <p>Откройте ссылку из письма-приглашения: вы зададите пароль и сразу войдёте.</p>
        <h2 className={page.subtitle}>Приглашения нет</h2>
        <p>
          Отправьте запрос администратору. Сначала подтвердите свой email кодом из письма — это вход без
          пароля, — затем заполните запрос: кто вы и зачем вам доступ. О решении придёт письмо.
        </p>
        <p>
          <Link to={ACCESS_REQUEST_SIGN_IN} className={button({ tone: 'primary' })}>
            Подтвердить email и запросить доступ
          </Link>
        </p>
      </div>
      <p className={page.muted}>
        Уже есть доступ? <Link to="/login">Войдите как сотрудник</Link>.
      </p>
    </section>
  );
}

function AccessRequestForm() {
  const sessions = useSessions();
  const kind = requestContext(sessions);
  const { user } = useSession(kind);
  const [sentAt, setSentAt] = useState(() => storedAccessRequest(sessions.store));
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState([user?.firstName, user?.lastName].filter(Boolean).join(' '));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { problems, summary, submits, check, recheck } = useFieldErrors(validateAccessRequest);
  const values = { email, name, reason };
  /** Sets one field and drops its message as soon as it passes. */
  const edit = (set: (value: string) => void, key: keyof typeof values) => (value: string) => {
    set(value);
    setError(null);
    recheck({ ...values, [key]: value });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !check(values)) return;
    setBusy(true);
    setError(null);
    try {
      const input = { email: email.trim(), name: name.trim(), reason: reason.trim() };
      setSentAt(await sendAccessRequest(sessions.api, sessions.store, kind, input));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Запрос доступа к бэк-офису
      </h1>
      {sentAt ? (
        <div className={page.card}>
          <p role="status" className={form.success}>
            Запрос отправлен{sentAt.getTime() > 0 ? ` ${formatDateTime(sentAt)}` : ''}. Администратор
            рассмотрит его и сообщит о решении на email.
          </p>
          <p>
            <button type="button" className={form.linkButton} onClick={() => setSentAt(null)}>
              Отправить новый запрос
            </button>
          </p>
        </div>
      ) : (
        <form className={`${page.card} ${form.form}`} noValidate onSubmit={(event) => void submit(event)}>
          <ErrorSummary errors={summary} focusKey={submits} />
          <p className={page.muted}>Расскажите, кто вы и зачем вам доступ: администратор получит запрос.</p>
          <TextField
            id={FIELD.requestEmail}
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            error={problems[FIELD.requestEmail]}
            onValueChange={edit(setEmail, 'email')}
          />
          <TextField
            id={FIELD.requestName}
            label="Имя и фамилия"
            autoComplete="name"
            maxLength={200}
            value={name}
            error={problems[FIELD.requestName]}
            onValueChange={edit(setName, 'name')}
          />
          <TextField
            id={FIELD.requestReason}
            label="Зачем нужен доступ"
            multiline
            maxLength={2000}
            value={reason}
            error={problems[FIELD.requestReason]}
            onValueChange={edit(setReason, 'reason')}
          />
          {error ? (
            <p role="alert" className={page.errorText}>
              {error}
            </p>
          ) : null}
          <div className={form.actions}>
            <button type="submit" className={button({ tone: 'primary' })} disabled={busy}>
              {busy ? 'Отправляем…' : 'Отправить запрос'}
            </button>
          </div>
        </form>
      )}
      <p className={page.muted}>
        Уже есть доступ? <Link to="/login">Войдите как сотрудник</Link>.
      </p>
    </section>
  );
}
