/**
 * How a refund reads wherever it is shown — the staff card, the customer's order, mail and
 * notifications: «Возврат 2 140 ₽ — выполнен», and when the money reaches the customer, which
 * depends on how they paid (YooKassa: a card refund usually takes up to 10 working days, the
 * bank decides; an SBP refund arrives the next day).
 */
import { formatRubles } from './format';

export type RefundStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';
/** How the order was paid online; null when the payment did not say (paid before it was kept). */
export type PaymentWay = 'card' | 'sbp' | null;

export const REFUND_STATUS_WORDS: Record<RefundStatus, string> = {
  PENDING: 'в обработке',
  SUCCEEDED: 'выполнен',
  FAILED: 'ошибка',
};

export const refundLine = (refund: { amount: number; status: RefundStatus }) =>
  `Возврат ${formatRubles(refund.amount)} — ${REFUND_STATUS_WORDS[refund.status]}`;

/** When the money arrives, in one sentence. */
export function refundArrival(way: PaymentWay): string {
  if (way === 'card')
    return 'Деньги вернутся на карту, с которой вы платили, — обычно до 10 рабочих дней, срок зависит от банка.';
  if (way === 'sbp')
    return 'Деньги вернутся на счёт, с которого вы платили через СБП, — обычно на следующий день.';
  return 'Деньги вернутся тем же способом, которым вы платили: на карту — обычно до 10 рабочих дней, через СБП — обычно на следующий день.';
}

/** A refund the provider refused: what the customer is told, in the cabinet and the notification. */
export const REFUND_FAILED_TEXT =
  'Платёжный сервис отклонил возврат. Мы свяжемся с вами, чтобы вернуть деньги другим способом.';
