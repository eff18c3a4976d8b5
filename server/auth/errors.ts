/**
 * The sign-in answers the app tells apart by code (src/ relies on these codes; the messages are
 * what the customer reads). 429 answers also carry a Retry-After header (http/errors.ts).
 */
import { ApiError } from '../http/errors';

export const rateLimited = (
  retryAfterSeconds: number,
  message = `Слишком много запросов. Повторите через ${retryAfterSeconds} с.`,
) => new ApiError(429, 'RATE_LIMITED', message, { retryAfter: retryAfterSeconds });

export const invalidCode = (triesLeft: number) =>
  new ApiError(401, 'INVALID_CODE', `Неверный код. Осталось попыток: ${triesLeft}`);

export const codeExpired = () =>
  new ApiError(401, 'CODE_EXPIRED', 'Код устарел или уже использован. Запросите новый.');

export const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', 'Неверный логин или пароль');

export const linkInvalid = () =>
  new ApiError(
    401,
    'LINK_INVALID',
    'Ссылка для входа недействительна или устарела. Войдите по коду из письма.',
  );

export const telegramSignatureInvalid = () =>
  new ApiError(
    401,
    'TELEGRAM_SIGNATURE_INVALID',
    'Не удалось подтвердить вход через Telegram. Попробуйте ещё раз.',
  );

export const telegramNotConfigured = () =>
  new ApiError(503, 'NOT_CONFIGURED', 'Вход через Telegram не настроен');

export const userBlocked = (reason: string | null) =>
  new ApiError(403, 'USER_BLOCKED', `Доступ заблокирован: ${reason?.trim() || 'причина не указана'}`);
