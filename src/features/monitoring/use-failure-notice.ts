/**
 * The notices of a screen's loading (docs/back-office-screens.md, monitoring): one notice per
 * failure (not one per refresh while it lasts), none while offline — the freshness line already
 * says the data is a stored copy.
 */
import { useEffect, useRef } from 'react';
import type { ApiError } from '../../api/errors';
import { useNotices } from '../../ui/widgets/notices';

export function useFailureNotice(error: ApiError | null, text: string): void {
  const { notify } = useNotices();
  const shown = useRef<ApiError | null>(null);
  useEffect(() => {
    if (!error) {
      shown.current = null;
      return;
    }
    if (error.isNetworkError || shown.current) return;
    shown.current = error;
    notify(`${text}: ${error.message}`, 'error');
  }, [error, text, notify]);
}
