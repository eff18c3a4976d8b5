/**
 * The order card's rules, pure so they are tested without a screen: who gets which control
 * (the server checks again and answers 403) and how the forms read what staff type (Russian
 * money: «2 140,50»). When the prices may still move is the status machine's isPriceEditable.
 */
/** The server's words for a 403, shown whatever the body says (spec 8). */
export const NO_RIGHTS_MESSAGE = 'У вас нет прав на выполнение этого действия';

export const MAX_MONEY = 100_000_000;

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

/** «2 140,50», «2140.5», «2140» → 2140.5; null when it is not an amount of rubles and kopecks. */
export function parseRubles(text: string): number | null {
  const compact = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/₽$|руб\.?$/i, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  return Number(compact);
}

/** How a money field is named in its messages: «Введите сумму заказа», «Сумма заказа не …». */
export interface MoneyName {
  accusative: string;
  nominative: string;
}

/** The Russian message for a money field, or null when it is right. */
export function moneyProblem(text: string, name: MoneyName): string | null {
  if (text.trim() === '') return `Введите ${name.accusative}`;
  const value = parseRubles(text);
  if (value === null) {
    return text.trim().startsWith('-')
      ? `${name.nominative} не может быть меньше нуля`
      : `Введите ${name.accusative} числом, например 2 140 или 2 140,50`;
  }
  if (value > MAX_MONEY) return `${name.nominative} — не больше 100 000 000 ₽`;
  return null;
}

/** Rubles as a form shows them for editing: «2140,5» → «2140,50», whole rubles without kopecks. */
export function rublesForInput(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',');
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
