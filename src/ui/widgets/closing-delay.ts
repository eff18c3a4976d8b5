/**
 * Keeps a closed dialog on screen for its close animation (300 ms, docs/back-office-screens.md).
 * The caller's `open` is the truth; the widget lags behind it, so a dialog closed by its parent
 * (after a save) animates out exactly like one closed by Escape. Focus goes back when it finally
 * unmounts.
 */
import { useEffect, useState } from 'react';

export const MODAL_CLOSE_MS = 300;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useClosingDelay(open: boolean, delayMs = MODAL_CLOSE_MS) {
  const [lingering, setLingering] = useState(open);
  useEffect(() => {
    if (open) {
      setLingering(true);
      return;
    }
    if (!lingering) return;
    // Without the animation there is nothing to wait for.
    const timer = setTimeout(() => setLingering(false), prefersReducedMotion() ? 0 : delayMs);
    return () => clearTimeout(timer);
  }, [open, lingering, delayMs]);
  return { mounted: open || lingering, closing: !open && lingering };
}
