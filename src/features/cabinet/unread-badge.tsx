/**
 * The unread count beside «Уведомления» in the cabinet menu, from GET /api/notifications/stats
 * through the stored copy; read again when the notifications page changes something and when the
 * tab comes back into view (a push may have arrived meanwhile).
 */
import { useEffect } from 'react';
import { useCachedQuery } from '../../api/use-cached-query';
import { NOTIFICATIONS_CHANGED } from './notifications-changed';
import * as styles from './unread-badge.css';

export function useUnreadNotifications(): number {
  const stats = useCachedQuery('/api/notifications/stats');
  const { refetch } = stats;
  useEffect(() => {
    const again = () => void refetch();
    const onVisible = () => {
      if (document.visibilityState === 'visible') again();
    };
    window.addEventListener(NOTIFICATIONS_CHANGED, again);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener(NOTIFICATIONS_CHANGED, again);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refetch]);
  return stats.data?.unread ?? 0;
}

/** «3» in a pill, read out as «3 непрочитанных»; nothing when all are read. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden"> ({count} непрочитанных)</span>
    </span>
  );
}
