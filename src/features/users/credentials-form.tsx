/**
 * Sign-in by login and password (POST /api/user/set-credentials). «Сгенерировать» asks the server
 * for a strong password (GET /api/admin/generate-password, 12 characters) and shows it, so the
 * admin can copy it and hand it over; the user's sessions end when it is saved.
 */
import { type FormEvent, useMemo, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { button } from '../../ui/button';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { TextField } from '../../ui/text-field';
import { failureText, SubmitRow, useCardForm, WriteFormFrame } from '../../ui/write-form';
import { LoginField } from './login-field';
import { loginProblem, passwordProblem, type User } from './user-rules';
import * as styles from './users.css';

type CredentialValues = { login: string; password: string };

export const GENERATED_LENGTH = 12;

export interface CredentialsFormProps {
  user: User;
  offline: boolean;
  onChanged: (text: string) => Promise<void>;
}

export function CredentialsForm({ user, offline, onChanged }: CredentialsFormProps) {
  const { api } = useDataLayer();
  const loginId = `user-${user.id}-login`;
  const passwordId = `user-${user.id}-password`;
  const validate = useMemo(
    () =>
      byField<CredentialValues>({
        [loginId]: (v) => loginProblem(v.login),
        [passwordId]: (v) => passwordProblem(v.password),
      }),
    [loginId, passwordId],
  );
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm<CredentialValues>(
    { login: user.login ?? user.email ?? '', password: '' },
    validate,
    offline,
  );
  const [helper, setHelper] = useState<{ text: string; error: boolean } | null>(null);

  async function generate() {
    setHelper(null);
    try {
      const { data } = await api.client.GET('/api/admin/generate-password', {
        params: { query: { length: GENERATED_LENGTH } },
      });
      if (data) {
        set('password')(data.password);
        setHelper({ text: 'Пароль создан: скопируйте его и передайте сотруднику', error: false });
      }
    } catch (failure) {
      setHelper({ text: failureText(failure), error: true });
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(values.password);
      setHelper({ text: 'Пароль скопирован', error: false });
    } catch {
      // No clipboard (an insecure page, a refused permission): leave it selected to copy by hand.
      const field = document.getElementById(passwordId) as HTMLInputElement | null;
      field?.select();
      setHelper({ text: 'Не удалось скопировать: пароль выделен, нажмите Ctrl+C', error: true });
    }
  }

  async function save(event: FormEvent) {
    const done = await submit(event, async ({ login, password }) => {
      await api.client.POST('/api/user/set-credentials', {
        body: { id: user.id, login: login.trim(), password },
      });
      const text = `Логин и пароль сохранены: ${login.trim()}`;
      await onChanged(text);
      return text;
    });
    if (done) setValues((current) => ({ ...current, password: '' }));
  }

  return (
    <WriteFormFrame label="Логин и пароль" errors={errors} onSubmit={save}>
      <LoginField
        id={loginId}
        value={values.login}
        error={errors.problems[loginId]}
        onValueChange={set('login')}
      />
      <TextField
        id={passwordId}
        label="Новый пароль"
        hint="Не короче 8 символов. Пароль виден, чтобы его можно было передать сотруднику."
        type="text"
        autoComplete="new-password"
        spellCheck={false}
        maxLength={200}
        value={values.password}
        error={errors.problems[passwordId]}
        onValueChange={(value) => {
          setHelper(null);
          set('password')(value);
        }}
      />
      <div className={styles.passwordRow}>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={offline}
          onClick={() => void generate()}
        >
          Сгенерировать
        </button>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={!values.password}
          onClick={() => void copy()}
        >
          Копировать
        </button>
      </div>
      {helper ? (
        <p role={helper.error ? 'alert' : 'status'} className={helper.error ? form.fieldError : form.success}>
          {helper.text}
        </p>
      ) : null}
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Сохранить логин и пароль" />
    </WriteFormFrame>
  );
}
