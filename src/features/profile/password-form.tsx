/**
 * A staff member changes their own password (POST /api/profile/password), giving the current one;
 * their other sessions end with it (someone may have known the old one), this one stays. An
 * account without a password gets its first one from an administrator, so the form says so.
 */
import { type FormEvent, useMemo } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { byField } from '../../ui/field-errors';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm, WriteFormFrame } from '../../ui/write-form';

const MIN_PASSWORD = 8;
type PasswordValues = { current: string; next: string; repeat: string };
const EMPTY: PasswordValues = { current: '', next: '', repeat: '' };

export const PASSWORD_IDS = {
  current: 'own-password-current',
  next: 'own-password-new',
  repeat: 'own-password-repeat',
};

export function PasswordForm({ offline }: { offline: boolean }) {
  const { api } = useDataLayer();
  const validate = useMemo(
    () =>
      byField<PasswordValues>({
        [PASSWORD_IDS.current]: (v) => (v.current ? null : 'Введите текущий пароль'),
        [PASSWORD_IDS.next]: (v) => {
          if (!v.next) return 'Введите новый пароль';
          if (v.next.length < MIN_PASSWORD) return `Новый пароль — не короче ${MIN_PASSWORD} символов`;
          if (v.next === v.current) return 'Новый пароль должен отличаться от текущего';
          return null;
        },
        [PASSWORD_IDS.repeat]: (v) => (v.repeat === v.next ? null : 'Пароли не совпадают'),
      }),
    [],
  );
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm(EMPTY, validate, offline);

  async function save(event: FormEvent) {
    const done = await submit(event, async ({ current, next }) => {
      await api.client.POST('/api/profile/password', {
        body: { currentPassword: current, newPassword: next },
        kind: 'crm',
      });
      return 'Пароль изменён. Другие ваши сеансы завершены.';
    });
    if (done) setValues(EMPTY);
  }

  return (
    <WriteFormFrame label="Смена пароля" errors={errors} onSubmit={save}>
      <TextField
        id={PASSWORD_IDS.current}
        label="Текущий пароль"
        type="password"
        autoComplete="current-password"
        maxLength={200}
        value={values.current}
        error={errors.problems[PASSWORD_IDS.current]}
        onValueChange={set('current')}
      />
      <TextField
        id={PASSWORD_IDS.next}
        label="Новый пароль"
        hint={`Не короче ${MIN_PASSWORD} символов`}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        value={values.next}
        error={errors.problems[PASSWORD_IDS.next]}
        onValueChange={set('next')}
      />
      <TextField
        id={PASSWORD_IDS.repeat}
        label="Новый пароль ещё раз"
        type="password"
        autoComplete="new-password"
        maxLength={200}
        value={values.repeat}
        error={errors.problems[PASSWORD_IDS.repeat]}
        onValueChange={set('repeat')}
      />
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Сменить пароль" />
    </WriteFormFrame>
  );
}
