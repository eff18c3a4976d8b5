/**
 * A user's role (POST /api/user/role). The new role applies at their next sign-in: the server
 * ends their sessions with the change. A role other than PARTNER unties them from their partner.
 */
import { type FormEvent, useMemo } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { ROLE_LABELS, ROLES, type Role } from '../../domain/roles';
import { byField } from '../../ui/field-errors';
import { SelectField } from '../../ui/select-field';
import { SubmitRow, useCardForm, WriteFormFrame } from '../../ui/write-form';
import type { User } from './user-rules';

type RoleValues = { role: string };

export interface RoleFormProps {
  user: User;
  offline: boolean;
  onChanged: (text: string) => Promise<void>;
}

export function RoleForm({ user, offline, onChanged }: RoleFormProps) {
  const { api } = useDataLayer();
  const id = `user-${user.id}-role`;
  const validate = useMemo(
    () =>
      byField<RoleValues>({
        [id]: (v) =>
          v.role === user.role ? `Выберите роль, отличную от текущей («${ROLE_LABELS[user.role]}»)` : null,
      }),
    [id, user.role],
  );
  const { values, set, errors, busy, outcome, submit } = useCardForm<RoleValues>(
    { role: user.role },
    validate,
    offline,
  );

  async function save(event: FormEvent) {
    await submit(event, async ({ role }) => {
      await api.client.POST('/api/user/role', { body: { id: user.id, role: role as Role } });
      const text = `Роль изменена: ${ROLE_LABELS[user.role]} → ${ROLE_LABELS[role as Role]}`;
      await onChanged(text);
      return text;
    });
  }

  return (
    <WriteFormFrame label="Роль" errors={errors} onSubmit={save}>
      <SelectField
        id={id}
        label="Роль"
        hint="Пользователь выйдет на всех устройствах: новая роль действует со следующего входа."
        value={values.role}
        onValueChange={set('role')}
        options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        error={errors.problems[id]}
      />
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Сохранить роль" />
    </WriteFormFrame>
  );
}
