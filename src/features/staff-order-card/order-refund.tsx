/**
 * The staff card's refund block: the refund of the order if one was made («Возврат 2 140 ₽ —
 * выполнен / в обработке / ошибка»), and for an ADMIN on a paid order the way to cancel it with
 * the money returned (POST /api/order/{id}/refund): a dialog asking how much (the whole amount
 * by default, less for a partial refund) and why.
 */
import { useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatRubles } from '../../domain/format';
import { moneyProblem, parseRubles, rublesForInput } from '../../domain/money';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import { Section } from '../../ui/order/order-sections';
import { RefundSummary } from '../../ui/order/refund-summary';
import { TextField } from '../../ui/text-field';
import { Modal } from '../../ui/widgets/modal';
import { useCardWrite, WriteOutcomeLine } from '../../ui/write-form';
import type { StaffOrder } from './staff-order-types';

/** Statuses in which an individual's order has been paid and may still be cancelled. */
const PAID_STATUSES = new Set([
  'PAID',
  'IN_TRANSLATION',
  'NOTARIZATION',
  'READY',
  'IN_DELIVERY',
  'AT_PICKUP_POINT',
]);

export function OrderRefund({
  order,
  role,
  offline,
  onChanged,
}: {
  order: StaffOrder;
  role: string | null;
  offline: boolean;
  onChanged: () => Promise<void>;
}) {
  const query = useCachedQuery('/api/order/{id}/refund', { params: { path: { id: order.id } } });
  const refund = query.data?.refund;
  const canRefund =
    role === 'ADMIN' &&
    !refund &&
    query.data !== undefined &&
    order.payerType === 'INDIVIDUAL' &&
    PAID_STATUSES.has(order.status);
  if (!refund && !canRefund) return null;
  return (
    <Section id="card-refund" title="Возврат денег">
      {refund ? (
        <RefundSummary refund={refund}>
          {refund.error && refund.status !== 'SUCCEEDED' ? `Ответ платёжного сервиса: ${refund.error}` : null}
        </RefundSummary>
      ) : (
        <RefundDialog
          order={order}
          offline={offline}
          onDone={async () => {
            await query.refetch();
            await onChanged();
          }}
        />
      )}
    </Section>
  );
}

function RefundDialog({
  order,
  offline,
  onDone,
}: {
  order: StaffOrder;
  offline: boolean;
  onDone: () => Promise<void>;
}) {
  const { api } = useDataLayer();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(rublesForInput(order.amount));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const { busy, outcome, write } = useCardWrite();

  const check = () => {
    const found: { amount?: string; reason?: string } = {};
    const money = moneyProblem(amount, { accusative: 'сумму возврата', nominative: 'Сумма возврата' });
    const value = parseRubles(amount);
    if (money) found.amount = money;
    else if (value !== null && (value <= 0 || value > order.amount))
      found.amount = `Сумма возврата — от 0,01 ₽ до суммы заказа, ${formatRubles(order.amount)}`;
    if (!reason.trim()) found.reason = 'Укажите причину возврата';
    setProblems(found);
    return Object.keys(found).length === 0;
  };

  async function send() {
    if (!check()) return;
    setOpen(false);
    const done = await write(async () => {
      const { data } = await api.client.POST('/api/order/{id}/refund', {
        params: { path: { id: order.id } },
        body: { amount: parseRubles(amount) ?? order.amount, reason: reason.trim() },
      });
      return `Заказ отменён, возврат ${formatRubles(data?.refund.amount ?? 0)} оформлен`;
    });
    if (done) await onDone();
  }

  return (
    <>
      <p className={form.hint}>
        Заказ будет отменён. Клиент получит письмо и уведомление о возврате, деньги — тем же способом, которым
        платил.
      </p>
      <div className={form.actions}>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={busy || offline}
          onClick={() => setOpen(true)}
        >
          {busy ? 'Оформляем возврат…' : 'Отменить с возвратом денег'}
        </button>
      </div>
      <WriteOutcomeLine outcome={outcome} />
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Возврат по заказу № ${order.number}`}
        description={`Оплачено ${formatRubles(order.amount)}. Для частичного возврата укажите меньшую сумму.`}
        actions={
          <>
            <button type="button" className={button({ tone: 'primary' })} onClick={() => void send()}>
              Отменить заказ и вернуть деньги
            </button>
            <button type="button" className={button({ tone: 'secondary' })} onClick={() => setOpen(false)}>
              Нет, оставить
            </button>
          </>
        }
      >
        <TextField
          id="refund-amount"
          label="Сумма возврата, ₽"
          inputMode="decimal"
          value={amount}
          error={problems.amount}
          onValueChange={(value) => {
            setAmount(value);
            setProblems((shown) => ({ ...shown, amount: undefined }));
          }}
        />
        <TextField
          id="refund-reason"
          label="Причина"
          multiline
          rows={3}
          maxLength={500}
          value={reason}
          error={problems.reason}
          onValueChange={(value) => {
            setReason(value);
            setProblems((shown) => ({ ...shown, reason: undefined }));
          }}
        />
      </Modal>
    </>
  );
}
