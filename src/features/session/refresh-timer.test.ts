import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_EVENTS,
  ACTIVITY_WINDOW_MS,
  REFRESH_CHECK_MS,
  type RefreshableSession,
  startTokenRefresh,
} from './refresh-timer';

const MINUTE = 60_000;

function session(
  status = 'AUTHORIZED',
  refresh = vi.fn(async () => true),
): RefreshableSession & { refresh: typeof refresh } {
  return { getState: () => ({ status }), refresh };
}

let target: EventTarget;
let stop: () => void = () => undefined;
const log = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 9) });
  target = new EventTarget();
  log.mockReset();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

const start = (sessions: RefreshableSession[]) => {
  stop = startTokenRefresh({ sessions, target, log });
};
const act = (type: (typeof ACTIVITY_EVENTS)[number] = 'mousemove') => target.dispatchEvent(new Event(type));

describe('token refresh timer', () => {
  it('checks every 4 hours and refreshes a signed-in session the user is active in', async () => {
    const signedIn = session();
    start([signedIn]);
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS - 14 * MINUTE);
    act('keypress');
    await vi.advanceTimersByTimeAsync(14 * MINUTE - 1);
    expect(signedIn.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(signedIn.refresh).toHaveBeenCalledTimes(1);
  });

  it('does not refresh when the last activity is older than 15 minutes', async () => {
    const signedIn = session();
    start([signedIn]);
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS - ACTIVITY_WINDOW_MS - MINUTE);
    act('click');
    await vi.advanceTimersByTimeAsync(ACTIVITY_WINDOW_MS + MINUTE);
    expect(signedIn.refresh).not.toHaveBeenCalled();
  });

  it('refreshes only AUTHORIZED sessions', async () => {
    const signedIn = session('AUTHORIZED');
    const waiting = session('CODE_WAITING');
    const out = session('NEW');
    start([signedIn, waiting, out]);
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS - MINUTE);
    act('scroll');
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(signedIn.refresh).toHaveBeenCalledTimes(1);
    expect(waiting.refresh).not.toHaveBeenCalled();
    expect(out.refresh).not.toHaveBeenCalled();
  });

  it.each(ACTIVITY_EVENTS)('counts %s as activity', async (type) => {
    const signedIn = session();
    start([signedIn]);
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS - MINUTE);
    act(type);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(signedIn.refresh).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed refresh, and checks again 4 hours later', async () => {
    const failing = session(
      'AUTHORIZED',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    start([failing]);
    for (let check = 1; check <= 2; check++) {
      await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS - MINUTE);
      act('touchstart');
      await vi.advanceTimersByTimeAsync(MINUTE);
      expect(failing.refresh).toHaveBeenCalledTimes(check);
    }
    expect(log).toHaveBeenCalledWith('Token refresh failed', expect.any(Error));
  });

  it('stops checking and listening when stopped', async () => {
    const signedIn = session();
    start([signedIn]);
    stop();
    act('mousedown');
    await vi.advanceTimersByTimeAsync(3 * REFRESH_CHECK_MS);
    expect(signedIn.refresh).not.toHaveBeenCalled();
  });
});
