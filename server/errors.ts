/**
 * The server's own refusals, with no HTTP in them: a kind (not found, conflict, forbidden…), a
 * code programs tell apart (the contract's Error `code`: LOGIN_TAKEN, STATUS_CHANGED…) and the
 * message a person reads, in Russian. Services, auth and the rest throw these; only the HTTP
 * layer (server/http/errors.ts) turns a kind into a status code and the contract's error body.
 */

/** What went wrong, as the caller should understand it. */
export type ErrorKind =
  /** The request's data breaks a rule of its fields (details name them). */
  | 'validation'
  /** Nobody is signed in, or the credentials or code given are wrong. */
  | 'unauthenticated'
  /** Signed in, and not allowed to do this. */
  | 'forbidden'
  /** Nothing there, or nothing the caller may see: others' things are not found, never forbidden. */
  | 'not-found'
  /** The state of things does not allow it now (an order already paid, a login taken). */
  | 'conflict'
  /** It existed and no longer works (an invitation past its hours). */
  | 'gone'
  /** More bytes than allowed. */
  | 'too-large'
  /** A file or body of a type that is not taken. */
  | 'unsupported-type'
  /** Understood and well-formed, but a rule of the product refuses it (a promo code that does not apply). */
  | 'refused'
  /** Too many attempts; details.retryAfter says in how many seconds to try again. */
  | 'rate-limited'
  | 'not-implemented'
  /** A part the server needs is missing or down (the queue, the payment service, the database). */
  | 'unavailable';

export class ProductError extends Error {
  override name = 'ProductError';
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const unauthorized = () =>
  new ProductError('unauthenticated', 'UNAUTHORIZED', 'Требуется авторизация');
export const forbidden = () =>
  new ProductError('forbidden', 'FORBIDDEN', 'У вас нет прав на выполнение этого действия');
export const notFound = (message = 'Не найдено') => new ProductError('not-found', 'NOT_FOUND', message);
export const notImplemented = () =>
  new ProductError('not-implemented', 'NOT_IMPLEMENTED', 'Операция ещё не реализована');
