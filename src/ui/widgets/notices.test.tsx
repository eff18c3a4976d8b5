// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from '../toast';
import {
  MAX_NOTICES,
  NOTICE_HIDE_MS,
  type NoticesApi,
  NoticesProvider,
  NoticeToasts,
  useNotices,
} from './notices';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderNotices() {
  const api: { current?: NoticesApi } = {};
  function Grab() {
    api.current = useNotices();
    return null;
  }
  render(
    <NoticesProvider>
      <Grab />
      <ToastRegion>
        <NoticeToasts />
      </ToastRegion>
    </NoticesProvider>,
  );
  return (text: string, tone?: 'info' | 'success' | 'error') =>
    act(() => void api.current?.notify(text, tone));
}

describe('notices', () => {
  it('shows a message as a status that goes by itself after 6 s', () => {
    const notify = renderNotices();
    notify('Статус изменён', 'success');
    expect(screen.getByRole('status').textContent).toContain('Статус изменён');
    act(() => vi.advanceTimersByTime(NOTICE_HIDE_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps an error as an alert until it is closed', () => {
    const notify = renderNotices();
    notify('Не удалось сохранить сумму', 'error');
    act(() => vi.advanceTimersByTime(NOTICE_HIDE_MS * 10));
    expect(screen.getByRole('alert').textContent).toContain('Не удалось сохранить сумму');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть уведомление' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('waits while the pointer is on a message, and starts again when it leaves', () => {
    const notify = renderNotices();
    notify('Ссылка скопирована');
    const toast = screen.getByRole('status').parentElement as HTMLElement;
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(NOTICE_HIDE_MS * 2));
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(NOTICE_HIDE_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the same message once and at most three at a time, the newest kept', () => {
    const notify = renderNotices();
    notify('Нет связи', 'error');
    notify('Нет связи', 'error');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    for (const n of [1, 2, 3]) notify(`Сохранено ${n}`);
    const texts = [...screen.getAllByRole('status'), ...screen.queryAllByRole('alert')].map(
      (t) => t.textContent,
    );
    expect(texts).toHaveLength(MAX_NOTICES);
    expect(texts.join()).not.toContain('Нет связи');
  });
});
