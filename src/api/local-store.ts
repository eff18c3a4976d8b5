/**
 * The key-value store behind sessions and flags: window.localStorage when the browser lets us use
 * it (Safari's private mode and blocked cookies make it throw), otherwise memory for this tab.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

function usableLocalStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return null;
    const probe = '__storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

let appStore: KeyValueStore | undefined;

/** The store of this tab, chosen once. */
export function localStore(): KeyValueStore {
  appStore ??= usableLocalStorage() ?? memoryStore();
  return appStore;
}
