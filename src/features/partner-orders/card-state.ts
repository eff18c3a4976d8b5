/**
 * What a partner's order card shows, from the list row and the latest status change queued for
 * the order on this device: the status to show, the moves offered, and the change's state.
 * Pure, so the rules are tested without a browser.
 */

import type { OutboxEntry } from '../../db/schema';
import { ORDER_STATUS_LABELS, type OrderStatus, partnerMoves } from '../../domain/order-status';
import type { StatusChangePayload, StatusChangeResult } from '../../outbox/status-changes';

export interface OrderRow {
  status: OrderStatus;
  updatedAt: string;
}

export type ChangeState =
  | { kind: 'none' }
  | { kind: 'pending'; to: OrderStatus; sending: boolean; lastError: string | null }
  | { kind: 'conflict'; to: OrderStatus; reason: string; currentStatus: OrderStatus | null; entryId: string }
  | { kind: 'refused'; from: OrderStatus; to: OrderStatus; reason: string; entryId: string };

export interface CardState {
  status: OrderStatus;
  change: ChangeState;
  /** The moves the partner may make now; none while a change waits to be sent. */
  moves: readonly OrderStatus[];
}

/** What the buttons say: what happened at the point, not the status's name. */
export const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  AT_PICKUP_POINT: 'Принят в пункте выдачи',
  READY: 'Готов к выдаче',
  COMPLETED: 'Выдан клиенту',
};

export const moveLabel = (to: OrderStatus) => MOVE_LABELS[to] ?? `Перевести в «${ORDER_STATUS_LABELS[to]}»`;

export const PENDING_TEXT = 'Ожидает отправки';

/**
 * What comes next for an order the point cannot move now, so a card without a button still tells
 * the counter what to expect (an order «Готов» at the bureau has not left it yet).
 */
const WHAT_NEXT: Partial<Record<OrderStatus, string>> = {
  NEW: 'Заказ ещё у бюро: переводчик не начал работу. Пока делать ничего не нужно.',
  AWAITING_PAYMENT: 'Заказ ещё у бюро: ждёт оплаты клиента. Пока делать ничего не нужно.',
  PAID: 'Заказ у бюро: переводчик скоро начнёт работу. Пока делать ничего не нужно.',
  IN_TRANSLATION:
    'Заказ у переводчика. Когда бюро отправит его в пункт, здесь появится кнопка «Принят в пункте выдачи».',
  NOTARIZATION:
    'Перевод заверяют у нотариуса. Когда бюро отправит заказ в пункт, здесь появится кнопка «Принят в пункте выдачи».',
  READY:
    'Перевод готов и скоро будет отправлен в ваш пункт. Когда курьер привезёт заказ, нажмите «Принят в пункте выдачи».',
  COMPLETED: 'Заказ выдан клиенту. Больше ничего делать не нужно.',
  CANCELLED: 'Заказ отменён — выдавать нечего. Если он уже у вас, свяжитесь с бюро.',
};

/** The line under a card with no move to make now; null when a button says it. */
export function whatNext(state: CardState): string | null {
  if (state.moves.length > 0 || state.change.kind !== 'none') return null;
  return WHAT_NEXT[state.status] ?? null;
}

export function cardState(row: OrderRow, entry: OutboxEntry | undefined): CardState {
  let status = row.status;
  let change: ChangeState = { kind: 'none' };
  if (entry) {
    const { from, to } = entry.payload as StatusChangePayload;
    if (entry.status === 'sent') {
      // Newer than the list's copy: the server accepted it after the list was read.
      const result = entry.result as StatusChangeResult | undefined;
      if (result && Date.parse(result.updatedAt) > Date.parse(row.updatedAt)) status = result.status;
    } else if (entry.status === 'failed' && entry.conflict) {
      change = {
        kind: 'conflict',
        to,
        reason: entry.lastError ?? 'Статус заказа уже изменился',
        currentStatus: entry.conflict.currentStatus,
        entryId: entry.id,
      };
    } else if (entry.status === 'failed') {
      change = {
        kind: 'refused',
        from,
        to,
        reason: entry.lastError ?? 'Сервер не принял изменение',
        entryId: entry.id,
      };
    } else {
      change = { kind: 'pending', to, sending: entry.status === 'sending', lastError: entry.lastError };
    }
  }
  const moves = change.kind === 'pending' ? [] : partnerMoves(status);
  return { status, change, moves };
}
