/**
 * The order card's rules, pure so they are tested without a screen: who gets which control
 * (the server checks again and answers 403) and how the forms read what staff type (Russian
 * money: «2 140,50»). When the prices may still move is the status machine's isPriceEditable.
 */

export { MAX_MONEY, type MoneyName, moneyProblem, parseRubles, rublesForInput } from '../../domain/money';
export { NO_RIGHTS_MESSAGE } from '../../ui/write-form';

export interface CardPermissions {
  /** Sees the cost breakdown and margin (the server sends costs only to office staff). */
  seesCosts: boolean;
  /** Sets the amount by hand (ADMIN; a MANAGER sees it read-only). */
  changesAmount: boolean;
  /** Prices the other document and sets the payment link. */
  editsPrices: boolean;
  /** Uploads the signed act a company sent on paper. */
  uploadsSignedAct: boolean;
  deletes: boolean;
}

export function cardPermissions(role: string | null | undefined): CardPermissions {
  const admin = role === 'ADMIN';
  const office = admin || role === 'MANAGER';
  return {
    seesCosts: office,
    changesAmount: admin,
    editsPrices: office,
    uploadsSignedAct: office,
    deletes: admin,
  };
}

export const MAX_COMMENT = 2000;

export function commentProblem(text: string): string | null {
  return text.length > MAX_COMMENT ? `Комментарий не длиннее ${MAX_COMMENT} символов` : null;
}

/** The payment link the contract accepts: http(s), up to 2000 characters, a real URL. */
export function paymentLinkProblem(text: string): string | null {
  const link = text.trim();
  if (link === '') return 'Введите ссылку на оплату';
  if (link.length > 2000) return 'Ссылка не длиннее 2000 символов';
  // A payment page is never plain http: the card details would travel unencrypted.
  if (!/^https:\/\//i.test(link)) return 'Ссылка на оплату должна начинаться с https://';
  try {
    const url = new URL(link);
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') throw new Error('no host');
  } catch {
    return 'Введите ссылку целиком, например https://pay.example.ru/…';
  }
  return null;
}
