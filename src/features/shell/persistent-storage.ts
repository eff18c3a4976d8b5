/**
 * Asks the browser to keep our IndexedDB (drafts, outbox, cached data) when the disk runs low.
 * Firefox shows a permission prompt, so we ask after the first real interaction, not on load;
 * the installed app asks at once (Chromium grants it to installed apps silently).
 */
type StorageManagerLike = Pick<StorageManager, 'persist' | 'persisted'>;
type EventTargetLike = Pick<Window, 'addEventListener' | 'removeEventListener'>;

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

export function requestPersistentStorage(
  storage: StorageManagerLike | undefined = globalThis.navigator?.storage,
  target: EventTargetLike = window,
  askNow = false,
): void {
  if (!storage?.persist || !storage.persisted) return;
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    for (const type of INTERACTIONS) target.removeEventListener(type, ask);
    storage
      .persisted()
      .then((persisted) => (persisted ? true : storage.persist()))
      .catch(() => false);
  };
  if (askNow) {
    ask();
    return;
  }
  for (const type of INTERACTIONS) target.addEventListener(type, ask, { passive: true });
}
