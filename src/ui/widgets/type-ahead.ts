/**
 * Type-ahead of a listbox (the typed letters reset 350 ms after the last key). Typing
 * «мо» jumps to the first option starting with it; the same letter again steps through the
 * options starting with that letter, as native selects do.
 */
import { useCallback, useEffect, useRef } from 'react';

export const TYPE_AHEAD_RESET_MS = 350;

const fold = (text: string) => text.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е');

/** The index of the option `typed` leads to, searching after `active`; -1 when none starts with it. */
export function findTypeAhead(labels: readonly string[], typed: string, active: number): number {
  if (!typed || labels.length === 0) return -1;
  const query = fold(typed);
  const sameLetter = [...query].every((letter) => letter === query[0]);
  // «ммм» is «м» pressed three times: step through the м-options rather than look for «ммм».
  const prefix = sameLetter ? (query[0] as string) : query;
  const startAfterActive = sameLetter || query.length === 1;
  const count = labels.length;
  const start = startAfterActive ? active + 1 : Math.max(active, 0);
  for (let step = 0; step < count; step += 1) {
    const index = (((start + step) % count) + count) % count;
    if (fold(labels[index] as string).startsWith(prefix)) return index;
  }
  return -1;
}

/** Collects typed letters and forgets them after TYPE_AHEAD_RESET_MS of quiet. */
export function useTypeAhead(resetMs = TYPE_AHEAD_RESET_MS) {
  const typed = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (letter: string) => {
      clearTimeout(timer.current);
      typed.current += letter;
      timer.current = setTimeout(() => {
        typed.current = '';
      }, resetMs);
      return typed.current;
    },
    [resetMs],
  );
}

/** A key that types a letter (not a shortcut, not Space, which opens or picks). */
export function isTypeAheadKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
}
