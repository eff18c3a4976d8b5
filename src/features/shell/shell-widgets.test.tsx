// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXT, OnlineIndicator } from './online-indicator';
import { UpdateToast } from './update-toast';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function goOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

describe('connection indicator', () => {
  it('says «Нет подключения к интернету» while offline and clears when the network is back', () => {
    render(<OnlineIndicator />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    goOnline(false);
    expect(status.textContent).toBe(OFFLINE_TEXT);
    goOnline(true);
    expect(status.textContent).toBe('');
  });
});

describe('new version notice', () => {
  it('updates only when the user presses «Обновить»', () => {
    const onUpdate = vi.fn();
    render(<UpdateToast onUpdate={onUpdate} />);
    expect(screen.getByRole('status').textContent).toContain('Доступна новая версия');
    expect(onUpdate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('can be put off with «Позже»', () => {
    render(<UpdateToast onUpdate={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Позже' }));
    expect(screen.queryByText('Доступна новая версия')).toBeNull();
  });
});
