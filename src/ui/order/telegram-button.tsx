/**
 * «Получать статусы в Telegram» on the success page, the tracking page and the cabinet: asks the
 * server for a one-time link to the bureau's bot (valid 24 hours), then offers it as a link to
 * open — a link the person presses, not a window opened for them, which browsers would block
 * after the wait for the server. In the chat, «Start» («Запустить») links it.
 */
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import { formatDateTime } from '../../domain/format';
import { button } from '../button';
import * as form from '../form.css';
import * as page from '../page.css';

type State =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'ready'; url: string; expiresAt: string }
  | { kind: 'failed'; message: string };

export function TelegramButton({
  request,
  label = 'Получать статусы в Telegram',
}: {
  /** The server's one-time link to the bot (POST /api/track/{token}/telegram, /api/user/telegram). */
  request: () => Promise<{ url: string; expiresAt: string }>;
  label?: string;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  async function ask() {
    setState({ kind: 'asking' });
    try {
      setState({ kind: 'ready', ...(await request()) });
    } catch (error) {
      setState({
        kind: 'failed',
        message:
          isApiError(error) && !error.isNetworkError
            ? error.message
            : 'Нет связи с сервером: попробуйте, когда появится интернет.',
      });
    }
  }
  if (state.kind === 'ready') {
    return (
      <div className={form.actions}>
        <a href={state.url} target="_blank" rel="noopener noreferrer" className={button({ tone: 'primary' })}>
          Открыть бота в Telegram
        </a>
        <p className={form.hint}>
          В чате с ботом нажмите «Запустить» (Start) — и статусы будут приходить туда. Ссылка срабатывает один
          раз и действует до {formatDateTime(state.expiresAt)}.
        </p>
      </div>
    );
  }
  return (
    <div className={form.actions}>
      <button
        type="button"
        className={button({ tone: 'secondary' })}
        disabled={state.kind === 'asking'}
        onClick={() => void ask()}
      >
        {state.kind === 'asking' ? 'Готовим ссылку…' : label}
      </button>
      {state.kind === 'failed' ? (
        <p role="alert" className={page.errorText}>
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
