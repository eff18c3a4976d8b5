import { describe, expect, it, vi } from 'vitest';
import { installChunkReloadGuard, isMissingChunkError, reloadOnceFor } from './chunk-reload';

function sessionStore() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

const failure = 'Failed to fetch dynamically imported module: https://app.test/assets/step-2-abc.js';

describe('a chunk lost to a deploy', () => {
  it('reloads the page once to fetch the new version', () => {
    const reload = vi.fn();
    expect(reloadOnceFor(failure, sessionStore(), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again when the same chunk is still missing after the reload', () => {
    const session = sessionStore();
    const reload = vi.fn();
    reloadOnceFor(failure, session, reload);
    expect(reloadOnceFor(failure, session, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads when the tab cannot remember that it already did', () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnceFor(failure, broken, reload)).toBe(false);
    expect(reloadOnceFor(failure, null, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('recognises the missing-module messages of Chromium, Firefox and Safari', () => {
    expect(isMissingChunkError(new TypeError(failure))).toBe(true);
    expect(isMissingChunkError(new TypeError('error loading dynamically imported module: x'))).toBe(true);
    expect(isMissingChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isMissingChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('leaves the page alone when the chunk is missing because the device is offline', () => {
    vi.stubGlobal('sessionStorage', sessionStore());
    const reload = vi.fn();
    const navigator = { onLine: false };
    const target = Object.assign(new EventTarget(), { navigator, location: { reload } }) as unknown as Window;
    installChunkReloadGuard(target);
    const preloadError = () =>
      target.dispatchEvent(
        Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: new Error(failure) }),
      );
    expect(preloadError()).toBe(true); // not cancelled: the importer sees the error
    expect(reload).not.toHaveBeenCalled();
    navigator.onLine = true;
    expect(preloadError()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
