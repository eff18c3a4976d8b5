import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../api/local-store';
import { type DebugFacts, reportText, storedValues, tokenSummary } from './debug-report';

const NOW = new Date('2026-11-22T12:00:00Z');
const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const TOKEN = `${encode({ alg: 'HS256' })}.${encode({ sub: '1', exp: Date.parse('2026-11-22T13:00:00Z') / 1000 })}.c2lnbmF0dXJl`;

function facts(store = memoryStore()): DebugFacts {
  return {
    sessions: [
      { context: 'crm', status: 'AUTHORIZED', role: 'ADMIN', email: 'admin@perevod.local', token: TOKEN },
      { context: 'cabinet', status: 'NEW', role: 'USER', email: null, token: null },
    ],
    store,
    serviceWorker: {
      supported: true,
      registration: 'http://localhost/',
      active: '/service-worker.js (activated)',
      controller: '/service-worker.js (activated)',
      waiting: null,
      installing: null,
    },
    counts: { drafts: 2, outbox: 1 },
    serverVersion: '0.1.0',
    build: 'index-abc123',
    online: false,
    userAgent: 'test',
    now: NOW,
  };
}

describe('support report', () => {
  it('never contains a token or a link hash, only that they exist and how long they are', () => {
    const store = memoryStore({ crm_token: TOKEN, cabinet_hash: 'secret-hash-value', crm_role: 'ADMIN' });
    const text = reportText(facts(store));
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN.split('.')[2]);
    expect(text).not.toContain('secret-hash-value');
    expect(text).toContain(`crm_token: скрыто (${TOKEN.length} симв.)`);
    expect(text).toContain('crm_role: ADMIN');
  });

  it('says whether each session has a token and until when it is valid', () => {
    expect(tokenSummary(TOKEN, NOW)).toBe('есть, действует до 2026-11-22T13:00:00.000Z');
    expect(tokenSummary(TOKEN, new Date('2026-11-22T14:00:00Z'))).toBe(
      'есть, истёк 2026-11-22T13:00:00.000Z',
    );
    expect(tokenSummary(null, NOW)).toBe('нет');
    expect(reportText(facts())).toContain(
      'crm: AUTHORIZED, роль ADMIN, email admin@perevod.local, токен есть',
    );
  });

  it('lists every session key of each login context and the app keys', () => {
    const keys = storedValues(memoryStore()).map(([key]) => key);
    for (const key of ['token', 'cabinet_token', 'crm_token', 'cabinet_hash', 'cabinet_user', 'cabinet_role'])
      expect(keys).toContain(key);
    for (const key of [
      'cabinet_authStatus',
      'cabinetUserProfile',
      'crmUserProfile',
      'lastLogoutTime',
      'crm_authStatus',
    ])
      expect(keys).toContain(key);
    for (const key of [
      'crm_role',
      'authStatus',
      'role',
      'user',
      'crmAccessRequested',
      'crmAccessRequestedDate',
    ])
      expect(keys).toContain(key);
  });

  it('names the service worker, the queued data, the versions and the network', () => {
    const text = reportText(facts());
    expect(text).toContain('управляет страницей /service-worker.js (activated)');
    expect(text).toContain('черновиков 2, в очереди отправки 1');
    expect(text).toContain('Версия сервера: 0.1.0; сборка приложения: index-abc123');
    expect(text).toContain('Сеть: нет');
  });
});
