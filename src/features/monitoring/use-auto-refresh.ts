/**
 * Refreshes a screen every 30 seconds (docs/back-office-screens.md, monitoring) while the tab is
 * visible: a hidden tab asks the server nothing, and on coming back it refreshes at once if its
 * data is older than the period.
 */
import { useEffect, useRef } from 'react';

export const AUTO_REFRESH_MS = 30_000;

export function useAutoRefresh(refresh: () => void, enabled = true, periodMs = AUTO_REFRESH_MS): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    const run = () => {
      last = Date.now();
      latest.current();
    };
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') run();
    }, periodMs);
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && Date.now() - last >= periodMs) run();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, periodMs]);
}
