/** What the landing route reads from the device: installed mode, the force-PWA flag, the session. */
import { localStore } from '../../api/local-store';
import { APP_KEYS } from '../../api/tokens';
import type { LandingSession } from './landing-target';

export function isInstalledApp(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function isForcePwaStored(): boolean {
  return localStore().getItem(APP_KEYS.forcePwa) === 'true';
}

/**
 * The session as the landing needs it. Sign-in arrives with issue 3: its session stores replace
 * this body with their restore rules (spec 4, 5). Until then nobody counts as signed in, and an
 * installed app opens the cabinet login.
 */
export function readLandingSession(): LandingSession {
  return { cabinetAuthorized: false, crmAccess: false };
}
