/**
 * The editable part of a profile: name, username and phone (PATCH /api/profile). Checked the
 * GOV.UK way (summary and a message beside the field), the server's refusal of a field included.
 * Empty fields start with what the customer's latest order gave (Profile.fromOrders), said so over
 * the form; they are kept only when the customer saves.
 */
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/errors';
import type { components } from '../../api/schema.gen';
import { isValidPhone, PHONE_ERROR } from '../../domain/phone';
import { button } from '../../ui/button';
import { ErrorSummary } from '../../ui/error-summary';
import { byField, serverProblems, useFieldErrors } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { TextField } from '../../ui/text-field';

type Profile = components['schemas']['Profile'];
export type ProfileUpdate = components['schemas']['ProfileUpdate'];

interface ProfileValues {
  firstName: string;
  lastName: string;
  username: string;
  phoneNumber: string;
}

/** Field ids are the properties' own names prefixed, so the server's details map one to one. */
const FIELD_IDS: Record<keyof ProfileValues, string> = {
  firstName: 'profile-firstName',
  lastName: 'profile-lastName',
  username: 'profile-username',
  phoneNumber: 'profile-phoneNumber',
};

const validateProfile = byField<ProfileValues>({
  [FIELD_IDS.phoneNumber]: ({ phoneNumber }) =>
    phoneNumber.trim() === '' || isValidPhone(phoneNumber) ? null : PHONE_ERROR,
});

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export interface ProfileFormProps {
  profile: Profile;
  offline: boolean;
  onSave: (update: ProfileUpdate) => Promise<void>;
}

/** What the latest order offers for the empty fields, said over the form until it is saved. */
function offerText(offer: Profile['fromOrders']): string | null {
  if (!offer) return null;
  const fields = [
    offer.firstName || offer.lastName ? 'имя' : null,
    offer.phoneNumber ? 'телефон' : null,
  ].filter((field) => field !== null);
  if (fields.length === 0) return null;
  const what = fields.join(' и ');
  return `${what[0]?.toUpperCase()}${what.slice(1)} — из вашего заказа № ${offer.orderNumber}. Проверьте и нажмите «Сохранить», чтобы они остались в профиле.`;
}

export function ProfileForm({ profile, offline, onSave }: ProfileFormProps) {
  const offer = profile.fromOrders;
  const [values, setValues] = useState<ProfileValues>({
    firstName: profile.firstName ?? offer?.firstName ?? '',
    lastName: profile.lastName ?? offer?.lastName ?? '',
    username: profile.username ?? '',
    phoneNumber: profile.phoneNumber ?? offer?.phoneNumber ?? '',
  });
  const offered = offerText(offer);
  const errors = useFieldErrors(validateProfile);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || offline || !errors.check(values)) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await onSave({
        firstName: orNull(values.firstName),
        lastName: orNull(values.lastName),
        username: orNull(values.username),
        phoneNumber: orNull(values.phoneNumber),
      });
      setSaved(true);
    } catch (failure) {
      const found = isApiError(failure) ? serverProblems(failure.details, FIELD_IDS) : {};
      if (Object.keys(found).length > 0) errors.show(found);
      else setError(failure instanceof Error ? failure.message : 'Не удалось сохранить профиль');
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof ProfileValues, label: string, extra = {}) => (
    <TextField
      id={FIELD_IDS[key]}
      label={label}
      name={key}
      maxLength={100}
      value={values[key]}
      error={errors.problems[FIELD_IDS[key]]}
      onValueChange={(value) => {
        const next = { ...values, [key]: value };
        setValues(next);
        errors.recheck(next, FIELD_IDS[key]);
        setSaved(false);
        setError(null);
      }}
      {...extra}
    />
  );

  return (
    <form className={form.form} noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      {offered && !saved ? <p className={form.hint}>{offered}</p> : null}
      {field('firstName', 'Имя', { autoComplete: 'given-name' })}
      {field('lastName', 'Фамилия', { autoComplete: 'family-name' })}
      {field('username', 'Имя пользователя', { autoComplete: 'nickname' })}
      {field('phoneNumber', 'Телефон', {
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel',
        hint: 'Например, +7 916 123-45-67',
        maxLength: 20,
      })}
      {error ? (
        <p role="alert" className={page.errorText}>
          {error}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className={form.success}>
          Профиль сохранён
        </p>
      ) : null}
      <div className={form.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={busy || offline}>
          {busy ? 'Сохраняем…' : 'Сохранить'}
        </button>
        {offline ? <span className={form.hint}>Без сети изменения не сохранить</span> : null}
      </div>
    </form>
  );
}
