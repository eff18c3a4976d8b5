/**
 * Tying a user to a partner (POST /api/user/role-partner): they become a PARTNER who sees only
 * that partner's pickup points and orders, from their next sign-in.
 */
import { type FormEvent, useMemo } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { byField } from '../../ui/field-errors';
import * as page from '../../ui/page.css';
import { SelectField } from '../../ui/select-field';
import { SubmitRow, useCardForm, WriteFormFrame } from '../../ui/write-form';
import { usePartnerOptions } from './partner-options';
import type { User } from './user-rules';

type PartnerValues = { partnerId: string };

export interface PartnerFormProps {
  user: User;
  offline: boolean;
  onChanged: (text: string) => Promise<void>;
}

export function PartnerForm({ user, offline, onChanged }: PartnerFormProps) {
  const { api } = useDataLayer();
  const { options, loading } = usePartnerOptions();
  const id = `user-${user.id}-partner`;
  const validate = useMemo(
    () =>
      byField<PartnerValues>({
        [id]: (v) =>
          !v.partnerId
            ? 'Выберите партнёра'
            : user.role === 'PARTNER' && Number(v.partnerId) === user.partnerId
              ? 'Пользователь уже работает у этого партнёра'
              : null,
      }),
    [id, user.role, user.partnerId],
  );
  const { values, set, errors, busy, outcome, submit } = useCardForm<PartnerValues>(
    { partnerId: user.partnerId === null ? '' : String(user.partnerId) },
    validate,
    offline,
  );

  async function save(event: FormEvent) {
    await submit(event, async ({ partnerId }) => {
      await api.client.POST('/api/user/role-partner', {
        body: { id: user.id, partnerId: Number(partnerId) },
      });
      const label = options.find((option) => option.value === partnerId)?.label ?? `№ ${partnerId}`;
      const text = `Пользователь — партнёр: ${label}`;
      await onChanged(text);
      return text;
    });
  }

  return (
    <WriteFormFrame label="Партнёр" errors={errors} onSubmit={save}>
      {user.role === 'PARTNER' ? (
        <p>
          Сейчас:{' '}
          <strong>
            {user.partnerName ?? (user.partnerId ? `Партнёр № ${user.partnerId}` : 'не выбран')}
          </strong>
        </p>
      ) : null}
      {options.length === 0 && !loading ? (
        <p className={page.muted}>Список партнёров не загрузился. Проверьте сеть и откройте панель снова.</p>
      ) : null}
      <SelectField
        id={id}
        label="Партнёр"
        hint="Пользователь станет партнёром: увидит только пункты выдачи и заказы этого партнёра."
        placeholder={loading ? 'Загружаем партнёров…' : 'Выберите партнёра'}
        value={values.partnerId}
        onValueChange={set('partnerId')}
        options={options}
        error={errors.problems[id]}
      />
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Назначить партнёром" />
    </WriteFormFrame>
  );
}
