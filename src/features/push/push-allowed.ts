/**
 * Whether this browser takes part in push: notifications allowed and not turned off in the app.
 * Kept apart so the shell can decide without loading the push code (step 1's size budget).
 */
import { localStore } from '../../api/local-store';
import { APP_KEYS } from '../../api/tokens';

export function pushAllowed(): boolean {
  return (
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    localStore().getItem(APP_KEYS.pushTurnedOff) !== '1'
  );
}
