/**
 * /debug: what support needs to know about this device, on one page and as one text to copy:
 * sessions (never their tokens), stored keys, the service worker, queued data, versions, network.
 */
import { useEffect, useId, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { KeyValueStore } from '../../api/local-store';
import { useOnlineStatus } from '../../api/use-online-status';
import { useTableCounts } from '../../db/use-table-counts';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import * as styles from './debug-page.css';
import { reportText, type SessionSummary, storedValues, tokenSummary } from './debug-report';
import { useServiceWorkerState } from './service-worker-state';

export interface DebugPageProps {
  sessions: readonly SessionSummary[];
  store: KeyValueStore;
}

function buildId(): string {
  const src = globalThis.document?.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '';
  return src.replace(/^.*\//, '').replace(/\.js$/, '') || 'разработка';
}

function useServerVersion(): string | null {
  const { api } = useDataLayer();
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api.client.GET('/api/health', { kind: 'public' }).then(
      ({ data }) => current && setVersion(data?.version ?? null),
      () => current && setVersion('сервер недоступен'),
    );
    return () => {
      current = false;
    };
  }, [api]);
  return version;
}

export function DebugPage({ sessions, store }: DebugPageProps) {
  const id = useId();
  const { db } = useDataLayer();
  const online = useOnlineStatus();
  const serviceWorker = useServiceWorkerState();
  const counts = useTableCounts(db);
  const serverVersion = useServerVersion();
  const [copied, setCopied] = useState<string | null>(null);
  const now = new Date();
  const text = reportText({
    sessions,
    store,
    serviceWorker,
    counts: counts ?? null,
    serverVersion,
    build: buildId(),
    online,
    userAgent: globalThis.navigator?.userAgent ?? '',
    now,
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Скопировано в буфер обмена');
    } catch {
      setCopied('Не удалось скопировать: выделите текст отчёта ниже и скопируйте его');
    }
  };

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Диагностика
      </h1>
      <p className={page.muted}>Эти сведения помогают поддержке. Токены входа здесь не показываются.</p>
      <div className={form.actions}>
        <button type="button" className={button({ tone: 'primary' })} onClick={() => void copy()}>
          Скопировать для поддержки
        </button>
        <span role="status">{copied}</span>
      </div>

      <div className={page.card}>
        <h2 className={page.subtitle}>Сессии</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Контекст</th>
              <th scope="col">Статус</th>
              <th scope="col">Роль</th>
              <th scope="col">Email</th>
              <th scope="col">Токен</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.context}>
                <th scope="row">{session.context}</th>
                <td>{session.status}</td>
                <td>{session.role}</td>
                <td>{session.email ?? '—'}</td>
                <td>{tokenSummary(session.token, now)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className={page.card}>
        <h2 className={page.subtitle}>Хранилище браузера</h2>
        <Pairs entries={storedValues(store)} />
      </div>

      <div className={page.card}>
        <h2 className={page.subtitle}>Приложение</h2>
        <Pairs
          entries={[
            ['Сеть', online ? 'есть' : 'нет'],
            ['Версия сервера', serverVersion ?? 'проверяется…'],
            ['Сборка приложения', buildId()],
            [
              'Service worker',
              serviceWorker === null
                ? 'проверяется…'
                : serviceWorker.supported
                  ? `регистрация ${serviceWorker.registration ?? 'нет'}`
                  : 'не поддерживается',
            ],
            ['Управляет страницей', serviceWorker?.controller ?? 'нет'],
            ['Ожидает обновления', serviceWorker?.waiting ?? 'нет'],
            ['Черновики заказов', counts ? String(counts.drafts) : '—'],
            ['Очередь отправки', counts ? String(counts.outbox) : '—'],
          ]}
        />
      </div>

      <div className={form.field}>
        <label htmlFor={`${id}-report`} className={form.label}>
          Текст отчёта
        </label>
        <textarea id={`${id}-report`} className={styles.report} readOnly value={text} />
      </div>
    </section>
  );
}

/** Labelled values of the report, one row each. */
function Pairs({ entries }: { entries: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl className={styles.pairs}>
      {entries.map(([key, value]) => (
        <div key={key} className={styles.pair}>
          <dt className={styles.key}>{key}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
