import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from './persistent-storage';

function storage(persisted: boolean) {
  return { persisted: vi.fn(async () => persisted), persist: vi.fn(async () => true) };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keeping offline data when the disk runs low', () => {
  it('asks once, after the first click or key press', async () => {
    const manager = storage(false);
    const page = new EventTarget();
    requestPersistentStorage(manager, page as never);
    await flush();
    expect(manager.persist).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('pointerdown'));
    page.dispatchEvent(new Event('keydown'));
    await flush();
    expect(manager.persist).toHaveBeenCalledTimes(1);
  });

  it('asks at start in the installed app', async () => {
    const manager = storage(false);
    requestPersistentStorage(manager, new EventTarget() as never, true);
    await flush();
    expect(manager.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when storage is already persistent', async () => {
    const manager = storage(true);
    requestPersistentStorage(manager, new EventTarget() as never, true);
    await flush();
    expect(manager.persist).not.toHaveBeenCalled();
  });
});
