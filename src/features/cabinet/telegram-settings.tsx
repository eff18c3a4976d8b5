/**
 * The cabinet's «Получать статусы в Telegram»: a one-time link to the bureau's bot that links the
 * chat to the whole account (every order, present and future), the chats already linked, and
 * «Отключить». Shown only when the bureau has a bot. Read again when the page is shown again,
 * so coming back from Telegram after «Start» shows the chat linked.
 */
import { useEffect, useState } from 'react';
import { unwrap } from '../../api/client';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import { TelegramButton } from '../../ui/order/telegram-button';
import * as page from '../../ui/page.css';

export function TelegramSettings() {
  const { api } = useDataLayer();
  const query = useCachedQuery('/api/user/telegram');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { refetch } = query;
  useEffect(() => {
    const onShown = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => document.removeEventListener('visibilitychange', onShown);
  }, [refetch]);
  const telegram = query.data;
  if (!telegram?.available) return null;

  async function unlink() {
    setBusy(true);
    setError(null);
    try {
      unwrap(await api.client.DELETE('/api/user/telegram'));
      await refetch();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Не получилось');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={page.card} aria-labelledby="telegram-title">
      <h2 id="telegram-title" className={page.subtitle}>
        Telegram
      </h2>
      {telegram.linked ? (
        <>
          <p>
            Статусы ваших заказов приходят в Telegram
            {telegram.chats > 1 ? ` (чатов: ${telegram.chats})` : ''}. В чате с ботом: /status — ваши заказы,
            /stop — отписаться.
          </p>
          <div className={form.actions}>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              disabled={busy}
              onClick={() => void unlink()}
            >
              {busy ? 'Отключаем…' : 'Отключить Telegram'}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={page.muted}>
            Бот бюро пришлёт в Telegram каждый новый статус ваших заказов, ссылку на оплату и адрес, когда
            заказ будет готов.
          </p>
          <TelegramButton request={async () => unwrap(await api.client.POST('/api/user/telegram'))} />
        </>
      )}
      {error ? (
        <p role="alert" className={page.errorText}>
          {error}
        </p>
      ) : null}
    </section>
  );
}
