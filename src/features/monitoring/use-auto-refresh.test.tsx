// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTO_REFRESH_MS, useAutoRefresh } from './use-auto-refresh';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

function Refreshing({ onRefresh, enabled = true }: { onRefresh: () => void; enabled?: boolean }) {
  useAutoRefresh(onRefresh, enabled);
  return null;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  visibility = 'visible';
});

describe('the 30-second refresh', () => {
  it('refreshes every 30 s while the tab is visible, not while it is hidden, and at once on return', () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    render(<Refreshing onRefresh={refresh} />);
    vi.advanceTimersByTime(AUTO_REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    visibility = 'hidden';
    vi.advanceTimersByTime(AUTO_REFRESH_MS * 3);
    expect(refresh).toHaveBeenCalledTimes(1);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does nothing when switched off', () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    render(<Refreshing onRefresh={refresh} enabled={false} />);
    vi.advanceTimersByTime(AUTO_REFRESH_MS * 2);
    expect(refresh).not.toHaveBeenCalled();
  });
});
