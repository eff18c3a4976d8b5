/**
 * The unread badge's data: GET /api/notifications/stats through the Dexie cache (so the badge
 * shows offline, with the copy's age), refreshed when a push arrives, when the notifications
 * screen changes something and when the tab comes back into view. Reads nothing while no cabinet session exists (a call would be a 401).
 */
import { useEffect } from 'react';
import { readToken } from '../../api/tokens';
import { useCachedQuery } from '../../api/use-cached-query';
import { onNotificationsChanged } from './worker-messages';

export interface UnreadCount {
  /** Undefined until the first copy (stored or fresh) is known. */
  unread: number | undefined;
  total: number | undefined;
  fetchedAt: number | undefined;
  isOffline: boolean;
  refetch: () => Promise<void>;
}

export function useUnreadCount(): UnreadCount {
  const signedIn = readToken('cabinet') !== null;
  const stats = useCachedQuery('/api/notifications/stats', { kind: 'cabinet', enabled: signedIn });
  const { refetch } = stats;
  useEffect(() => {
    if (!signedIn) return;
    const again = () => void refetch();
    // Back in view: a push may have arrived while the worker had no page to tell.
    const onVisible = () => {
      if (document.visibilityState === 'visible') again();
    };
    document.addEventListener('visibilitychange', onVisible);
    const stop = onNotificationsChanged(again);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn, refetch]);
  return {
    unread: stats.data?.unread,
    total: stats.data?.total,
    fetchedAt: stats.fetchedAt,
    isOffline: stats.isOffline,
    refetch,
  };
}
