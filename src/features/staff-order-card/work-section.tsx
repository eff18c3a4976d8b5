/**
 * «Срок и ответственный» on the order card: the promised date (marked late or due today), urgency,
 * who handles the order, and the office staff's two controls — move the date with a reason
 * (PATCH /api/order/due-date, kept in the history) and assign the order to a colleague or to
 * nobody (PATCH /api/order/assignee).
 */
import type { FormEvent } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDay } from '../../domain/day-text';
import { moscowDate } from '../../domain/moscow-time';
import { TERMINAL } from '../../domain/order-status';
import { ErrorSummary } from '../../ui/error-summary';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { DueDate } from '../../ui/order/due-date';
import { Fact, Section } from '../../ui/order/order-sections';
import * as widgets from '../../ui/order/order-widgets.css';
import * as page from '../../ui/page.css';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm } from '../../ui/write-form';
import { cardPermissions } from './card-rules';
import type { StaffOrder } from './staff-order-types';

export interface WorkSectionProps {
  order: StaffOrder;
  role: string | null;
  offline: boolean;
  onChanged: () => Promise<void>;
}

export function WorkSection({ order, role, offline, onChanged }: WorkSectionProps) {
  const office = cardPermissions(role).editsPrices;
  const today = moscowDate(new Date());
  return (
    <Section id="card-work-section" title="Срок и ответственный">
      <dl className={widgets.facts}>
        <Fact term="Срок готовности">
          {order.dueDate ? (
            <DueDate dueDate={order.dueDate} status={order.status} today={today} />
          ) : (
            'не назначен'
          )}
        </Fact>
        <Fact term="Срочность">
          {order.urgent ? `Срочный заказ, +${String(order.urgentPercent).replace('.', ',')} %` : 'Обычный'}
        </Fact>
        <Fact term="Ответственный">{order.assignee?.name ?? 'не назначен'}</Fact>
      </dl>
      {office ? (
        <>
          <AssigneeForm order={order} offline={offline} onChanged={onChanged} />
          {TERMINAL.includes(order.status) ? (
            <p className={page.muted}>Заказ закрыт: срок больше не меняется.</p>
          ) : (
            <DueDateForm order={order} offline={offline} onChanged={onChanged} />
          )}
        </>
      ) : null}
    </Section>
  );
}

type AssigneeValues = { assigneeId: string };

function AssigneeForm({ order, offline, onChanged }: Omit<WorkSectionProps, 'role'>) {
  const { api } = useDataLayer();
  const staff = useCachedQuery('/api/order/assignees');
  const { values, set, errors, busy, outcome, submit } = useCardForm<AssigneeValues>(
    { assigneeId: order.assignee ? String(order.assignee.id) : '' },
    () => ({}),
    offline,
    { assigneeId: ['card-assignee', 'assigneeId'] },
  );
  const options = (staff.data ?? []).map((member) => ({ value: String(member.id), label: member.name }));
  // Someone assigned before losing office access still shows as they are.
  if (order.assignee && !options.some((option) => option.value === String(order.assignee?.id)))
    options.push({ value: String(order.assignee.id), label: `${order.assignee.name} (нет доступа)` });
  const save = (event: FormEvent) =>
    submit(event, async (typed) => {
      const assigneeId = typed.assigneeId ? Number(typed.assigneeId) : null;
      const { data } = await api.client.PATCH('/api/order/assignee', { body: { id: order.id, assigneeId } });
      await onChanged();
      return data?.assignee ? `Ответственный: ${data.assignee.name}` : 'Заказ ни на кого не назначен';
    });
  return (
    <form className={form.form} noValidate aria-label="Ответственный" onSubmit={(event) => void save(event)}>
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <SelectField
        id="card-assignee"
        label="Назначить ответственного"
        value={values.assigneeId}
        onValueChange={set('assigneeId')}
        placeholder="Никто"
        options={options}
        error={errors.problems['card-assignee']}
      />
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Назначить" />
    </form>
  );
}

type DueDateValues = { dueDate: string; reason: string };

export const validateDueDate = (placedOn: string) =>
  byField<DueDateValues>({
    'card-due-date': (v) =>
      v.dueDate === ''
        ? 'Выберите новую дату'
        : v.dueDate < placedOn
          ? 'Срок не может быть раньше дня, когда заказ оформлен'
          : null,
    'card-due-reason': (v) =>
      v.reason.trim() === ''
        ? 'Напишите, почему меняется срок'
        : v.reason.length > 500
          ? 'Причина — не длиннее 500 символов'
          : null,
  });

function DueDateForm({ order, offline, onChanged }: Omit<WorkSectionProps, 'role'>) {
  const { api } = useDataLayer();
  const placedOn = moscowDate(new Date(order.createdAt));
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm<DueDateValues>(
    { dueDate: order.dueDate ?? '', reason: '' },
    validateDueDate(placedOn),
    offline,
    { dueDate: ['card-due-date', 'dueDate'], reason: ['card-due-reason', 'reason'] },
  );
  async function save(event: FormEvent) {
    const saved = await submit(event, async (typed) => {
      await api.client.PATCH('/api/order/due-date', {
        body: { id: order.id, dueDate: typed.dueDate, reason: typed.reason.trim() },
      });
      await onChanged();
      return `Новый срок: ${formatDay(typed.dueDate, { weekday: true })}`;
    });
    if (saved) setValues((current) => ({ ...current, reason: '' }));
  }
  return (
    <form
      className={form.form}
      noValidate
      aria-label="Срок готовности"
      onSubmit={(event) => void save(event)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <TextField
        id="card-due-date"
        label="Перенести срок на"
        type="date"
        min={placedOn}
        value={values.dueDate}
        error={errors.problems['card-due-date']}
        onValueChange={set('dueDate')}
      />
      <TextField
        id="card-due-reason"
        label="Причина"
        hint="Попадёт в историю заказа; клиент увидит новую дату в личном кабинете"
        multiline
        rows={2}
        maxLength={500}
        value={values.reason}
        error={errors.problems['card-due-reason']}
        onValueChange={set('reason')}
      />
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Изменить срок" />
    </form>
  );
}
