/** Seconds left before something may be done again (another code), ticking down once a second. */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setUntil(time + Math.max(0, seconds) * 1000);
  }, []);
  return { seconds: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
