/**
 * The users screen's words and checks: how a user is named, what each history field is called,
 * and the rules the admin's forms check before sending (the server checks them again).
 */
import type { components } from '../../api/schema.gen';

export type User = components['schemas']['User'];
export type UserChange = components['schemas']['UserChange'];
export type AccessRequest = components['schemas']['AccessRequest'];

export const USERS_PAGE_SIZE = 20;

/** «Анна Смирнова», or the email when the name is not known; an erased account by its number. */
export function userName(
  user: Pick<User, 'firstName' | 'lastName' | 'email' | 'login' | 'id'> & { erasure?: User['erasure'] },
): string {
  if (user.erasure) return `Клиент № ${user.id}, данные удалены`;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email || user.login || `Пользователь № ${user.id}`;
}

export const CHANGE_FIELD_LABELS: Record<UserChange['field'], string> = {
  ROLE: 'Роль',
  PARTNER: 'Партнёр',
  BLOCK: 'Доступ',
  LOGIN: 'Логин',
  PASSWORD: 'Пароль',
  EMAIL: 'Email',
  PHONE: 'Телефон',
  NAME: 'Имя',
};

/** «Клиент → Менеджер», «не задан → задан новый»; an empty side reads «—». */
export function changeText(change: Pick<UserChange, 'oldValue' | 'newValue'>): string {
  return `${change.oldValue ?? '—'} → ${change.newValue ?? '—'}`;
}

export const MIN_PASSWORD = 8;
export { loginProblem, MIN_LOGIN } from '../../domain/login';

export function passwordProblem(password: string): string | null {
  if (!password) return 'Введите пароль или нажмите «Сгенерировать»';
  if (password.length < MIN_PASSWORD) return `Пароль — не короче ${MIN_PASSWORD} символов`;
  return null;
}

export function reasonProblem(reason: string, what: string): string | null {
  return reason.trim() ? null : `Укажите причину ${what}`;
}
