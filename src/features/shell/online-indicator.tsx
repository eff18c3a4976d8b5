/**
 * The shell's connection line. The status region is always in the page (screen readers announce
 * changes only of a region that already exists); it is empty and hidden while online.
 */
import { useOnlineStatus } from '../../api/use-online-status';
import * as styles from './online-indicator.css';

export const OFFLINE_TEXT = 'Нет подключения к интернету';

export function OnlineIndicator() {
  const online = useOnlineStatus();
  return (
    <div role="status" className={styles.bar}>
      {online ? null : OFFLINE_TEXT}
    </div>
  );
}
