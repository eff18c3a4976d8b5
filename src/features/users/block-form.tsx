/**
 * Blocking with a reason (POST /api/user/block) and unblocking (POST /api/user/unblock). A block
 * ends every session of the user at once: their open screens are sent to sign in on their next
 * call, and their sign-ins are refused with the reason.
 */
import { type FormEvent, useMemo } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { byField } from '../../ui/field-errors';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm, WriteFormFrame } from '../../ui/write-form';
import { reasonProblem, type User } from './user-rules';

type BlockValues = { reason: string };

export interface BlockFormProps {
  user: User;
  offline: boolean;
  onChanged: (text: string) => Promise<void>;
}

export function BlockForm({ user, offline, onChanged }: BlockFormProps) {
  const { api } = useDataLayer();
  const id = `user-${user.id}-block-reason`;
  const validate = useMemo(
    () =>
      byField<BlockValues>({
        [id]: (v) => (user.isBlocked ? null : reasonProblem(v.reason, 'блокировки')),
      }),
    [id, user.isBlocked],
  );
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm<BlockValues>(
    { reason: '' },
    validate,
    offline,
  );

  async function save(event: FormEvent) {
    const done = await submit(event, async ({ reason }) => {
      if (user.isBlocked) {
        await api.client.POST('/api/user/unblock', { body: { id: user.id } });
        await onChanged('Пользователь разблокирован');
        return 'Пользователь разблокирован';
      }
      await api.client.POST('/api/user/block', { body: { id: user.id, reason: reason.trim() } });
      await onChanged('Пользователь заблокирован, его сеансы завершены');
      return 'Пользователь заблокирован, его сеансы завершены';
    });
    if (done) setValues({ reason: '' });
  }

  return (
    <WriteFormFrame label={user.isBlocked ? 'Разблокировка' : 'Блокировка'} errors={errors} onSubmit={save}>
      {user.isBlocked ? (
        <p>
          Заблокирован. Причина: <strong>{user.blockReason ?? 'не указана'}</strong>
        </p>
      ) : (
        <TextField
          id={id}
          label="Причина блокировки"
          hint="Пользователь увидит её при попытке войти. Все его сеансы завершатся сразу."
          multiline
          rows={2}
          maxLength={500}
          value={values.reason}
          error={errors.problems[id]}
          onValueChange={set('reason')}
        />
      )}
      <SubmitRow
        outcome={outcome}
        busy={busy}
        offline={offline}
        label={user.isBlocked ? 'Разблокировать' : 'Заблокировать'}
      />
    </WriteFormFrame>
  );
}
