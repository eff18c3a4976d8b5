/**
 * Following an order without signing in (/track): the order number and the contact as people
 * type them, read the same way by the page and the server, and how long a tracking link lives.
 */
import { normalizePhone } from './phone';

/** A tracking link works until this many days after its order is completed or cancelled. */
export const TRACKING_LINK_DAYS_AFTER_CLOSING = 30;

/**
 * «2611-00042», «2611 00042», «№ 261100042» → «2611-00042»: the number's digits, the first four
 * the year and month; null when it cannot be an order number.
 */
export function normalizeOrderNumber(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 9 || digits.length > 14) return null;
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

export type TrackingContact = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/**
 * The phone or email given with the order, in the form it is compared in: an email lowercased,
 * a phone as its digits with a Russian 8 made 7 (src/domain/phone.ts); null when it is neither.
 */
export function trackingContact(value: string): TrackingContact | null {
  const text = value.trim();
  if (text.includes('@'))
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? { kind: 'email', value: text.toLowerCase() } : null;
  const digits = normalizePhone(text);
  if (/[^\d\s()+.-]/.test(text) || digits.length < 11 || digits.length > 15) return null;
  return { kind: 'phone', value: digits };
}

export const ORDER_NUMBER_ERROR = 'Введите номер заказа из письма, например 2611-00042';
export const TRACKING_CONTACT_ERROR =
  'Введите телефон или email, указанные в заказе, например +7 916 123-45-67';

/** The /track form's problems, by field; empty when the look-up may be sent. */
export function trackingFormProblems(form: { number: string; contact: string }): {
  number?: string;
  contact?: string;
} {
  return {
    ...(normalizeOrderNumber(form.number) ? {} : { number: ORDER_NUMBER_ERROR }),
    ...(trackingContact(form.contact) ? {} : { contact: TRACKING_CONTACT_ERROR }),
  };
}

/** '+7 916 123-45-67' → '+7 916 ***-**-67': enough to recognise one's own number, not to call it. */
export function maskPhone(formatted: string): string {
  const digits = normalizePhone(formatted);
  if (digits.length === 11 && digits.startsWith('7'))
    return `+7 ${digits.slice(1, 4)} ***-**-${digits.slice(9)}`;
  return `+${digits.slice(0, 2)}${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-2)}`;
}
