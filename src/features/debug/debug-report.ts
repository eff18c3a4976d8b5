/**
 * What /debug shows and «Скопировать для поддержки» copies: the sessions, the stored keys, the
 * service worker, the device's queued data and versions. A token is never printed, only that it
 * is there and until when it is valid; so the report can be pasted into a support chat.
 */
import type { KeyValueStore } from '../../api/local-store';
import { tokenExpiresAt } from '../../api/token-expiry';
import { APP_KEYS, SESSION_KEYS } from '../../api/tokens';

export interface SessionSummary {
  context: string;
  status: string;
  role: string;
  email: string | null;
  token: string | null;
}

export interface ServiceWorkerSummary {
  supported: boolean;
  registration: string | null;
  active: string | null;
  controller: string | null;
  waiting: string | null;
  installing: string | null;
}

export interface DebugFacts {
  sessions: readonly SessionSummary[];
  store: KeyValueStore;
  serviceWorker: ServiceWorkerSummary | null;
  counts: { drafts: number; outbox: number } | null;
  serverVersion: string | null;
  build: string;
  online: boolean;
  userAgent: string;
  now: Date;
}

/** Values that grant access: shown only as present, with their length. */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  SESSION_KEYS.general.token,
  SESSION_KEYS.crm.token,
  SESSION_KEYS.cabinet.token,
  SESSION_KEYS.cabinet.hash,
]);

export const DEBUG_KEYS: readonly string[] = [
  ...new Set([
    ...Object.values(SESSION_KEYS).flatMap((keys) => Object.values(keys)),
    ...Object.values(APP_KEYS),
  ]),
];

export function maskSecret(value: string): string {
  return `скрыто (${value.length} симв.)`;
}

export function tokenSummary(token: string | null, now: Date): string {
  if (!token) return 'нет';
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return 'есть, срок не указан';
  const state = expiresAt <= now.getTime() ? 'истёк' : 'действует до';
  return `есть, ${state} ${new Date(expiresAt).toISOString()}`;
}

export function storedValues(store: KeyValueStore): Array<[string, string]> {
  return DEBUG_KEYS.map((key) => {
    const value = store.getItem(key);
    if (value === null) return [key, '—'];
    return [key, SECRET_KEYS.has(key) ? maskSecret(value) : value];
  });
}

export function reportText(facts: DebugFacts): string {
  const sw = facts.serviceWorker;
  const lines = [
    `Диагностика: ${facts.now.toISOString()}`,
    `Версия сервера: ${facts.serverVersion ?? 'неизвестна'}; сборка приложения: ${facts.build}`,
    `Сеть: ${facts.online ? 'есть' : 'нет'}`,
    `Браузер: ${facts.userAgent}`,
    '',
    'Сессии:',
    ...facts.sessions.map(
      (s) =>
        `  ${s.context}: ${s.status}, роль ${s.role}, email ${s.email ?? '—'}, токен ${tokenSummary(s.token, facts.now)}`,
    ),
    '',
    'Хранилище:',
    ...storedValues(facts.store).map(([key, value]) => `  ${key}: ${value}`),
    '',
    sw === null
      ? 'Service worker: проверяется'
      : sw.supported
        ? `Service worker: регистрация ${sw.registration ?? 'нет'}; активен ${sw.active ?? 'нет'}; управляет страницей ${sw.controller ?? 'нет'}; ожидает ${sw.waiting ?? 'нет'}; устанавливается ${sw.installing ?? 'нет'}`
        : 'Service worker: не поддерживается',
    facts.counts
      ? `На устройстве: черновиков ${facts.counts.drafts}, в очереди отправки ${facts.counts.outbox}`
      : 'На устройстве: данные недоступны',
  ];
  return lines.join('\n');
}
