/**
 * Steps 2 and 3 ask for what step 4 lists (the pickup points) while the network is there: the
 * gateway keeps the answer in IndexedDB, so a connection lost before step 4 still leaves the
 * points to choose from. Without it, a customer who went offline on step 3 could not finish.
 */
import { useEffect } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useOnlineStatus } from '../../api/use-online-status';

export function usePrefetchStepFour(): void {
  const { api } = useDataLayer();
  const online = useOnlineStatus();
  useEffect(() => {
    if (online) void api.client.GET('/api/point/active').catch(() => undefined);
  }, [api, online]);
}
