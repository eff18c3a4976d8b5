/**
 * True below the tablet breakpoint: the orders list draws cards instead of a table there. Decided
 * in script rather than by CSS alone so a phone does not carry both layouts of every row.
 */
import { useSyncExternalStore } from 'react';
import { breakpoints } from '../../ui/theme.css';

const QUERY = `(max-width: ${breakpoints.md - 1}px)`;

const media = () => (typeof matchMedia === 'function' ? matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const isNarrow = () => media()?.matches ?? false;

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, isNarrow);
}
