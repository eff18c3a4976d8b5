import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createDatabasePresence, DB_NAME } from './presence';

const opened = (factory: IDBFactory, name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = factory.open(name);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });

describe("the app database's presence", () => {
  it('is unknown to a device that never stored anything, so nothing waiting on it loads', async () => {
    const factory = new IDBFactory();
    await opened(factory, 'someone-else');
    const presence = createDatabasePresence(() => factory);
    const listener = vi.fn();
    presence.whenInUse(listener);
    expect(await presence.inUse()).toBe(false);
    expect(listener).not.toHaveBeenCalled();
  });

  it('is known when the device has the database from an earlier visit', async () => {
    const factory = new IDBFactory();
    await opened(factory, DB_NAME);
    const presence = createDatabasePresence(() => factory);
    const listener = vi.fn();
    presence.whenInUse(listener);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(await presence.inUse()).toBe(true);
  });

  it('tells those waiting once this page opens the database, and nobody who cancelled', async () => {
    const presence = createDatabasePresence(() => new IDBFactory());
    const waiting = vi.fn();
    const cancelled = vi.fn();
    presence.whenInUse(waiting);
    presence.whenInUse(cancelled)();
    presence.mark();
    presence.mark();
    expect(waiting).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    const late = vi.fn();
    presence.whenInUse(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('assumes the database may be there where the browser cannot list its databases', async () => {
    const presence = createDatabasePresence(() => ({}) as Pick<IDBFactory, 'databases'>);
    expect(await presence.inUse()).toBe(true);
  });
});
