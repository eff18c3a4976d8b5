/**
 * What the bot writes about an order, as plain text (Telegram makes the addresses links): the
 * status in the customer's words, what to do now — pay, come with a passport to an address open
 * at these hours — and the order's tracking link at the end of every message. Rendered when sent,
 * from the order as it is then, like the mails (the parameters are the mails' own).
 */
import { type OrderStatus, waitsForPickup } from '../../../src/domain/order-status';
import { type OrderMailParams, whatToBringText } from '../../mail/order-templates';
import { statusInCustomerWords } from '../tracking/customer-words';

/** What the bot is asked to tell a chat about an order (the queue's send-telegram task). */
export type TelegramEvent =
  | { event: 'status'; status: OrderStatus }
  /** A message from the bureau in the order's conversation. */
  | { event: 'message' };

const lines = (...parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join('\n');

function placeLines(p: OrderMailParams): string | null {
  if (!p.place) return null;
  return lines(
    p.place.name,
    `Адрес: ${p.place.address}`,
    `Часы работы: ${p.place.schedule}`,
    p.place.phone && `Телефон: ${p.place.phone}`,
    p.place.howToFind && `Как найти: ${p.place.howToFind}`,
  );
}

function whatNow(status: OrderStatus, p: OrderMailParams): string | null {
  if (status === 'AWAITING_PAYMENT') {
    return p.company
      ? `К оплате: ${p.amount}. Счёт для ${p.company} — в личном кабинете (вход по коду на почту заказа):\n${p.link}`
      : `К оплате: ${p.amount}. Оплатить картой — в личном кабинете (вход по коду на почту заказа):\n${p.link}`;
  }
  if (waitsForPickup(status, p.delivery) && p.place) {
    return `${placeLines(p)}\n\nЧто взять с собой: ${whatToBringText(p)}`;
  }
  if (status === 'IN_DELIVERY' && p.tracking) {
    return `Номер отправления: ${p.tracking.number}\nОтследить: ${p.tracking.url}`;
  }
  return null;
}

export function telegramText(event: TelegramEvent, p: OrderMailParams, trackingUrl: string | null): string {
  const track = trackingUrl ? `Статус заказа: ${trackingUrl}` : null;
  if (event.event === 'message') {
    return lines(
      `Заказ № ${p.number}: новое сообщение от бюро`,
      // Not its text: a chat may follow the order through its tracking link, which opens only what
      // the tracking page shows (decision 0051); the conversation is the signed-in customer's.
      `\nПрочитать и ответить — в личном кабинете, в разделе «Переписка» заказа: ${p.link}#order-messages`,
      track && `\n${track}`,
    );
  }
  const now = whatNow(event.status, p);
  return lines(
    `Заказ № ${p.number}`,
    statusInCustomerWords(event.status, { deliveryType: p.delivery, placeName: p.place?.name ?? null }),
    now && `\n${now}`,
    track && `\n${track}`,
  );
}
