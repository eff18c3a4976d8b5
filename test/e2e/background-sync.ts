/**
 * Background Sync as the browser fires it, through DevTools: a blank tab of the same context
 * talks to the app's service worker, so no page of the app needs to stay open. Shared by the
 * e2e files whose queued writes (orders, a partner's status changes) the worker sends alone.
 */

import type { BrowserContext, CDPSession } from 'playwright-core';
import { OUTBOX_SYNC_TAG } from '../../src/outbox/messages';

/** The worker's registration id, as DevTools reports it once its domain is enabled. */
async function registrationIdOf(cdp: CDPSession, origin: string): Promise<string> {
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string }) => r.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return registered;
}

/** Opens the channel; the returned function fires one 'outbox' sync event on the worker. */
export async function outboxSyncTrigger(
  context: BrowserContext,
  origin: string,
): Promise<() => Promise<void>> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrationId = await registrationIdOf(cdp, origin);
  return async () => {
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId,
      tag: OUTBOX_SYNC_TAG,
      lastChance: false,
    });
  };
}
