// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { PUSH_TEXT, PushSettings } from './push-settings';
import { PUSH_SEND_ERROR, type PushEnvironment } from './push-subscription';

afterEach(cleanup);

function env(
  permission: NotificationPermission | undefined,
  send?: PushEnvironment['send'],
): PushEnvironment {
  let current: PushSubscription | null = null;
  let state = permission;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async () => {
      current = {
        endpoint: 'https://push.example/1',
        options: { applicationServerKey: null },
        toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }),
        unsubscribe: async () => true,
      } as unknown as PushSubscription;
      return current;
    },
  };
  return {
    permission: () => state,
    requestPermission: async () => {
      state = 'granted';
      return 'granted';
    },
    registration: async () => ({ pushManager }) as unknown as ServiceWorkerRegistration,
    vapidKey: async () =>
      'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    signedIn: () => 'cabinet',
    send: send ?? (async () => undefined),
    forget: async () => undefined,
    isTurnedOff: () => false,
    setTurnedOff: () => undefined,
  };
}

describe('push settings', () => {
  it('turn push on with «Включить уведомления» and say so', async () => {
    render(<PushSettings env={env('default')} />);
    expect(screen.getByText(PUSH_TEXT.offer)).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: PUSH_TEXT.enable })));
    await vi.waitFor(() => expect(screen.getByText(PUSH_TEXT.on)).toBeTruthy());
    expect(screen.getByRole('button', { name: PUSH_TEXT.disable })).toBeTruthy();
  });

  it('show «Ошибка отправки подписки на сервер» when the server refuses the subscription', async () => {
    const refuse = async () => {
      throw new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'нет' });
    };
    render(<PushSettings env={env('default', refuse)} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: PUSH_TEXT.enable })));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PUSH_SEND_ERROR));
  });

  it('explain a refusal or a browser without push, with no button', () => {
    render(<PushSettings env={env('denied')} />);
    expect(screen.getByText(PUSH_TEXT.denied)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    render(<PushSettings env={env(undefined)} />);
    expect(screen.getByText(PUSH_TEXT.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offer push after an order only to a browser that was never asked', () => {
    render(<PushSettings offer env={env('default')} />);
    expect(screen.getByRole('button', { name: PUSH_TEXT.enable })).toBeTruthy();
    cleanup();
    const { container } = render(<PushSettings offer env={env('denied')} />);
    expect(container.textContent).toBe('');
  });
});
