/**
 * What the landing route reads from the device: installed mode and the force-PWA flag. The session
 * part comes from the session stores, which the route composes in (routes/-shared/guards.ts).
 */
import { localStore } from '../../api/local-store';
import { APP_KEYS } from '../../api/tokens';

export function isInstalledApp(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function isForcePwaStored(): boolean {
  return localStore().getItem(APP_KEYS.forcePwa) === 'true';
}
