import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnTakeover } from './reload-on-takeover';
import { UPDATE_CHECK_INTERVAL_MS, watchForUpdates } from './watch-for-updates';

describe('looking for a new version', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks when the user comes back to the window and every hour', () => {
    const registration = { update: vi.fn(() => Promise.resolve()) };
    const window = new EventTarget();
    const stop = watchForUpdates(registration, window as never, () => true);
    window.dispatchEvent(new Event('focus'));
    expect(registration.update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('does not check while offline, and survives a failed check', () => {
    let online = false;
    const registration = { update: vi.fn(() => Promise.reject(new Error('network'))) };
    const window = new EventTarget();
    watchForUpdates(registration, window as never, () => online);
    window.dispatchEvent(new Event('focus'));
    expect(registration.update).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('focus'));
    expect(registration.update).toHaveBeenCalledTimes(1);
  });
});

describe('taking the new version', () => {
  it('reloads once when the new worker takes over the page', () => {
    const container = new EventTarget();
    const reload = vi.fn();
    reloadOnTakeover(container as never, reload);
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
