/**
 * The status changer's dialog: the new status (only the allowed ones), an optional comment the
 * customer will read in the order's history (the field says so, and where staff-only notes go),
 * and «Изменить статус». A refusal (409: someone moved
 * the order meanwhile, or the status machine says no) stays on screen with the server's reason
 * while the order is read again, so the choice offered next starts from the real status.
 */
import { useRef, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { isApiError } from '../../api/errors';
import type { components } from '../../api/schema.gen';
import { useOnlineStatus } from '../../api/use-online-status';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import { button } from '../button';
import { ErrorSummary } from '../error-summary';
import { byField, useFieldErrors } from '../field-errors';
import * as form from '../form.css';
import * as page from '../page.css';
import { TextField } from '../text-field';
import { Modal } from '../widgets/modal';
import { RadioGroup } from '../widgets/radio-group';

/** The whole order, as PATCH /api/order/status answers it. */
export type StaffOrder = components['schemas']['Order'];

/** The order as the screen shows it: its status is the one the move starts from. */
export interface ShownOrder {
  id: number;
  number: string;
  status: OrderStatus;
}

export const COMMENT_MAX_LENGTH = 2000;

/** Said plainly beside the field: what staff write here is not theirs alone. */
export const COMMENT_SEEN_BY_CUSTOMER =
  'Клиент увидит этот комментарий в истории заказа, а при отмене и подтверждении стоимости — и в письме. Записи только для сотрудников — в «Заметках для сотрудников» на карточке.';

interface Values {
  status: OrderStatus | null;
  comment: string;
}

const validate = byField<Values>({
  'status-change-target': (values) => (values.status ? null : 'Выберите новый статус'),
  'status-change-comment': (values) =>
    values.comment.length > COMMENT_MAX_LENGTH
      ? `Комментарий длиннее ${COMMENT_MAX_LENGTH} символов: сократите его`
      : null,
});

export interface StatusChangeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: ShownOrder;
  targets: readonly OrderStatus[];
  /** The move was made. */
  onChanged: (order: StaffOrder) => void;
  /** The move was refused and the order read again. */
  onRefreshed: (order: StaffOrder) => void;
}

export function StatusChangeDialog(props: StatusChangeDialogProps) {
  const { open, onOpenChange, order, targets, onChanged, onRefreshed } = props;
  const { api } = useDataLayer();
  const online = useOnlineStatus();
  // The caller mounts a new dialog for each opening (key), so every opening starts empty; the
  // only choice is chosen for you.
  const [values, setValues] = useState<Values>(() => ({
    status: targets.length === 1 ? (targets[0] ?? null) : null,
    comment: '',
  }));
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { problems, summary, submits, check, recheck } = useFieldErrors(validate);
  // One key per change: a retry after a lost answer is the same change, never a second move.
  const key = useRef<string>(crypto.randomUUID());
  // After a refusal the order is read again: a choice the new status no longer allows is dropped.
  const chosen = values.status && targets.includes(values.status) ? values.status : null;

  const change = (next: Values) => {
    setValues(next);
    recheck(next);
    key.current = crypto.randomUUID();
  };

  async function send() {
    const sent = { ...values, status: chosen };
    if (!check(sent) || !sent.status) return;
    setSending(true);
    setRefusal(null);
    try {
      const { data } = await api.client.PATCH('/api/order/status', {
        params: { header: { 'Idempotency-Key': key.current } },
        body: {
          id: order.id,
          status: sent.status,
          expectedStatus: order.status,
          comment: sent.comment.trim() || null,
        },
      });
      if (data) {
        onOpenChange(false);
        // ADMIN and MANAGER, the dialog's only users, get the whole order (a partner a PartnerOrder).
        if ('email' in data) onChanged(data);
      }
    } catch (failure) {
      setRefusal(failure instanceof Error ? failure.message : 'Не удалось изменить статус');
      if (isApiError(failure) && failure.status === 409) await readAgain();
    } finally {
      setSending(false);
    }
  }

  async function readAgain() {
    try {
      const { data } = await api.client.GET('/api/order/{id}', { params: { path: { id: order.id } } });
      if (data) onRefreshed(data.order);
    } catch {
      // The reason is already on screen; the list's own refresh will catch up.
    }
  }

  const current = ORDER_STATUS_LABELS[order.status];
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Статус заказа № ${order.number}`}
      description={`Сейчас: «${current}».`}
      actions={
        <>
          <button
            type="submit"
            form={`status-change-${order.id}`}
            className={button({ tone: 'primary' })}
            disabled={sending || !online || targets.length === 0}
          >
            {sending ? 'Меняем статус…' : 'Изменить статус'}
          </button>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => onOpenChange(false)}>
            Отмена
          </button>
        </>
      }
    >
      <form
        id={`status-change-${order.id}`}
        className={form.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <ErrorSummary errors={summary} focusKey={submits} />
        {refusal ? (
          <p role="alert" className={page.errorText}>
            {refusal}
          </p>
        ) : null}
        {!online ? (
          <p role="status" className={page.muted}>
            Нет сети: статус можно изменить, когда связь вернётся.
          </p>
        ) : null}
        {targets.length === 0 ? (
          <p className={page.muted}>Из статуса «{current}» перевести заказ больше некуда.</p>
        ) : (
          <RadioGroup
            id="status-change-target"
            legend="Новый статус"
            options={targets.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))}
            value={chosen}
            onValueChange={(status) => change({ ...values, status })}
            error={problems['status-change-target']}
          />
        )}
        <TextField
          id="status-change-comment"
          label="Комментарий для клиента (необязательно)"
          hint={COMMENT_SEEN_BY_CUSTOMER}
          multiline
          rows={3}
          value={values.comment}
          onValueChange={(comment) => change({ ...values, comment })}
          error={problems['status-change-comment']}
        />
      </form>
    </Modal>
  );
}
