/**
 * The sign-in answers the app tells apart by code (src/ relies on these codes; the messages are
 * what the customer reads). 429 answers also carry a Retry-After header (http/errors.ts).
 */
import { ProductError } from '../errors';

export const rateLimited = (
  retryAfterSeconds: number,
  message = `Слишком много запросов. Повторите через ${retryAfterSeconds} с.`,
) => new ProductError('rate-limited', 'RATE_LIMITED', message, { retryAfter: retryAfterSeconds });

export const invalidCode = (triesLeft: number) =>
  new ProductError('unauthenticated', 'INVALID_CODE', `Неверный код. Осталось попыток: ${triesLeft}`);

export const codeExpired = () =>
  new ProductError('unauthenticated', 'CODE_EXPIRED', 'Код устарел или уже использован. Запросите новый.');

export const invalidCredentials = () =>
  new ProductError('unauthenticated', 'INVALID_CREDENTIALS', 'Неверный логин или пароль');

export const linkInvalid = () =>
  new ProductError(
    'unauthenticated',
    'LINK_INVALID',
    'Ссылка для входа недействительна или устарела. Войдите по коду из письма.',
  );

export const telegramSignatureInvalid = () =>
  new ProductError(
    'unauthenticated',
    'TELEGRAM_SIGNATURE_INVALID',
    'Не удалось подтвердить вход через Telegram. Попробуйте ещё раз.',
  );

export const telegramNotConfigured = () =>
  new ProductError('unavailable', 'NOT_CONFIGURED', 'Вход через Telegram не настроен');

export const userBlocked = (reason: string | null) =>
  new ProductError(
    'forbidden',
    'USER_BLOCKED',
    `Доступ заблокирован: ${reason?.trim() || 'причина не указана'}`,
  );
