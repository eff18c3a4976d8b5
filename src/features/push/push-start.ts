/**
 * What the app does about push when it starts (loaded lazily by push-watch.tsx, only where
 * permission was granted): follow a tapped notification's kept target, and send this browser's
 * subscription as the signed-in user.
 */
import { takePushTarget } from '../../db/push-target';
import { browserPush } from './browser-push';
import { type SyncResult, syncPush } from './push-subscription';

export function syncOnStart(kind: 'cabinet' | 'crm'): Promise<SyncResult> {
  return syncPush(browserPush(kind));
}

export async function keptTarget(): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  return takePushTarget(caches).catch(() => null);
}
