/** The editable part of a profile: name, username and phone (PATCH /api/profile). */
import { type FormEvent, useId, useState } from 'react';
import type { components } from '../../api/schema.gen';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { TextField } from '../../ui/text-field';

type Profile = components['schemas']['Profile'];
export type ProfileUpdate = components['schemas']['ProfileUpdate'];

const PHONE = /^\+?[0-9 ()-]{10,20}$/;

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export interface ProfileFormProps {
  profile: Profile;
  offline: boolean;
  onSave: (update: ProfileUpdate) => Promise<void>;
}

export function ProfileForm({ profile, offline, onSave }: ProfileFormProps) {
  const _id = useId();
  const [firstName, setFirstName] = useState(profile.firstName ?? '');
  const [lastName, setLastName] = useState(profile.lastName ?? '');
  const [username, setUsername] = useState(profile.username ?? '');
  const [phoneNumber, setPhoneNumber] = useState(profile.phoneNumber ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || offline) return;
    const phone = orNull(phoneNumber);
    if (phone !== null && !PHONE.test(phone)) {
      setError('Телефон: 10–20 цифр, можно с +, пробелами, скобками и дефисами');
      return;
    }
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await onSave({
        firstName: orNull(firstName),
        lastName: orNull(lastName),
        username: orNull(username),
        phoneNumber: phone,
      });
      setSaved(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Не удалось сохранить профиль');
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string, label: string, value: string, set: (value: string) => void, extra = {}) => (
    <TextField
      label={label}
      name={name}
      maxLength={100}
      value={value}
      onValueChange={(next) => {
        set(next);
        setSaved(false);
      }}
      {...extra}
    />
  );

  return (
    <form className={form.form} onSubmit={(event) => void submit(event)}>
      {field('firstName', 'Имя', firstName, setFirstName, { autoComplete: 'given-name' })}
      {field('lastName', 'Фамилия', lastName, setLastName, { autoComplete: 'family-name' })}
      {field('username', 'Имя пользователя', username, setUsername, { autoComplete: 'nickname' })}
      {field('phoneNumber', 'Телефон', phoneNumber, setPhoneNumber, {
        type: 'tel',
        autoComplete: 'tel',
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
