/**
 * A staff member changes their own email in two steps: a six-digit code goes to the new address
 * (POST /api/profile/email/request-code), and the code sets it (POST /api/profile/email). The
 * email is the account's identity, so it is never changed without proof.
 */
import { type FormEvent, useMemo, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { components } from '../../api/schema.gen';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm, WriteFormFrame } from '../../ui/write-form';

type Profile = components['schemas']['Profile'];
type EmailValues = { email: string; code: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_ID = 'own-email-new';
const CODE_ID = 'own-email-code';

export function EmailForm({
  offline,
  onChanged,
}: {
  offline: boolean;
  onChanged: (profile: Profile) => void;
}) {
  const { api } = useDataLayer();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const validate = useMemo(
    () =>
      byField<EmailValues>({
        [EMAIL_ID]: (v) => (EMAIL.test(v.email.trim()) ? null : 'Введите email в формате name@example.ru'),
        [CODE_ID]: (v) =>
          sentTo === null || /^\d{6}$/.test(v.code.trim()) ? null : 'Введите шесть цифр из письма',
      }),
    [sentTo],
  );
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm<EmailValues>(
    { email: '', code: '' },
    validate,
    offline,
  );

  async function save(event: FormEvent) {
    const email = values.email.trim();
    const confirming = sentTo !== null && sentTo === email;
    const done = await submit(event, async ({ code }) => {
      if (!confirming) {
        const { data } = await api.client.POST('/api/profile/email/request-code', {
          body: { email },
          kind: 'crm',
        });
        setSentTo(email);
        return data?.message ?? `Код отправлен на ${email}`;
      }
      const { data } = await api.client.POST('/api/profile/email', {
        body: { email, code: code.trim() },
        kind: 'crm',
      });
      if (data) onChanged(data.profile);
      return `Email изменён на ${email}`;
    });
    if (done && confirming) {
      setSentTo(null);
      setValues({ email: '', code: '' });
    }
  }

  const confirming = sentTo !== null && sentTo === values.email.trim();
  return (
    <WriteFormFrame label="Смена email" errors={errors} onSubmit={save}>
      <TextField
        id={EMAIL_ID}
        label="Новый email"
        hint="На него придёт код из шести цифр"
        type="email"
        autoComplete="email"
        maxLength={254}
        value={values.email}
        error={errors.problems[EMAIL_ID]}
        onValueChange={set('email')}
      />
      {confirming ? (
        <TextField
          id={CODE_ID}
          label="Код из письма"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          controlClassName={form.code}
          value={values.code}
          error={errors.problems[CODE_ID]}
          onValueChange={set('code')}
        />
      ) : null}
      <SubmitRow
        outcome={outcome}
        busy={busy}
        offline={offline}
        label={confirming ? 'Подтвердить' : 'Получить код'}
      />
    </WriteFormFrame>
  );
}
