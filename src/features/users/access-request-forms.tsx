/**
 * The two decisions on an access request: approve with a login and a staff role
 * (POST /api/admin/access-requests/{id}/approve), or reject with a reason (…/reject), which the
 * requester reads in their email. Rejecting is hidden behind its own button, so a slip of the
 * finger does not refuse someone.
 */
import { type FormEvent, useMemo, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../domain/roles';
import { button } from '../../ui/button';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm, WriteFormFrame } from '../../ui/write-form';
import { LoginField } from './login-field';
import { usePartnerOptions } from './partner-options';
import { type AccessRequest, loginProblem, reasonProblem } from './user-rules';

interface DecisionProps {
  request: AccessRequest;
  offline: boolean;
  onDecided: (text: string) => Promise<void>;
}

type ApproveValues = { login: string; role: string; partnerId: string };

export function ApproveForm({ request, offline, onDecided }: DecisionProps) {
  const { api } = useDataLayer();
  const { options, loading } = usePartnerOptions();
  const loginId = `request-${request.id}-login`;
  const roleId = `request-${request.id}-role`;
  const partnerFieldId = `request-${request.id}-partner`;
  const validate = useMemo(
    () =>
      byField<ApproveValues>({
        [loginId]: (v) => loginProblem(v.login),
        [roleId]: (v) => (v.role ? null : 'Выберите роль'),
        [partnerFieldId]: (v) =>
          v.role === 'PARTNER' && !v.partnerId ? 'Выберите партнёра, у которого работает сотрудник' : null,
      }),
    [loginId, roleId, partnerFieldId],
  );
  const { values, set, errors, busy, outcome, submit } = useCardForm<ApproveValues>(
    { login: request.email, role: 'MANAGER', partnerId: '' },
    validate,
    offline,
  );

  async function approve(event: FormEvent) {
    await submit(event, async ({ login, role, partnerId }) => {
      await api.client.POST('/api/admin/access-requests/{id}/approve', {
        params: { path: { id: request.id } },
        body: {
          login: login.trim(),
          role: role as StaffRole,
          ...(role === 'PARTNER' ? { partnerId: Number(partnerId) } : {}),
        },
      });
      const partner = options.find((option) => option.value === partnerId)?.label;
      const text = `Заявка ${request.name} (${request.email}) одобрена: ${ROLE_LABELS[role as StaffRole]}${
        role === 'PARTNER' && partner ? ` «${partner}»` : ''
      }`;
      await onDecided(text);
      return text;
    });
  }

  return (
    <WriteFormFrame label="Одобрить заявку" errors={errors} onSubmit={approve}>
      <LoginField
        id={loginId}
        hint="По нему и паролю сотрудник сможет входить; пока пароля нет — входит по коду из письма."
        value={values.login}
        error={errors.problems[loginId]}
        onValueChange={set('login')}
      />
      <SelectField
        id={roleId}
        label="Роль"
        value={values.role}
        onValueChange={set('role')}
        options={STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        error={errors.problems[roleId]}
      />
      {values.role === 'PARTNER' ? (
        <SelectField
          id={partnerFieldId}
          label="Партнёр"
          hint="Сотрудник увидит только пункты выдачи и заказы этого партнёра."
          placeholder={loading ? 'Загружаем партнёров…' : 'Выберите партнёра'}
          value={values.partnerId}
          onValueChange={set('partnerId')}
          options={options}
          error={errors.problems[partnerFieldId]}
        />
      ) : null}
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Одобрить" />
    </WriteFormFrame>
  );
}

type RejectValues = { reason: string };

export function RejectForm({ request, offline, onDecided }: DecisionProps) {
  const { api } = useDataLayer();
  const [open, setOpen] = useState(false);
  const reasonId = `request-${request.id}-reason`;
  const validate = useMemo(
    () => byField<RejectValues>({ [reasonId]: (v) => reasonProblem(v.reason, 'отказа') }),
    [reasonId],
  );
  const { values, set, errors, busy, outcome, submit } = useCardForm<RejectValues>(
    { reason: '' },
    validate,
    offline,
  );

  if (!open) {
    return (
      <div className={form.actions}>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => setOpen(true)}>
          Отклонить…
        </button>
      </div>
    );
  }

  async function reject(event: FormEvent) {
    await submit(event, async ({ reason }) => {
      await api.client.POST('/api/admin/access-requests/{id}/reject', {
        params: { path: { id: request.id } },
        body: { reason: reason.trim() },
      });
      const text = `Заявка ${request.email} отклонена`;
      await onDecided(text);
      return text;
    });
  }

  return (
    <WriteFormFrame label="Отклонить заявку" errors={errors} onSubmit={reject}>
      <TextField
        id={reasonId}
        label="Причина отказа"
        hint="Её получит заявитель в письме."
        multiline
        rows={2}
        maxLength={1000}
        value={values.reason}
        error={errors.problems[reasonId]}
        onValueChange={set('reason')}
      />
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Отклонить заявку" />
    </WriteFormFrame>
  );
}
