/**
 * Push duties of every page (in the shell's notices): once per start, open the order a tapped
 * notification named when the platform opened the start URL instead; on the first cabinet or
 * back-office page with a session, send this browser's subscription (again after signing in as
 * someone else, or when the worker renewed it). Nothing loads unless notifications are allowed.
 */
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { readToken } from '../../api/tokens';
import { button } from '../../ui/button';
import { Toast } from '../../ui/toast';
import { pushAllowed } from './push-allowed';
import { PUSH_SEND_ERROR } from './push-subscription';
import { onSubscriptionChanged } from './worker-messages';

const areaOf = (pathname: string) =>
  pathname.startsWith('/cabinet') ? 'cabinet' : pathname.startsWith('/crm') ? 'crm' : null;

/** The token the subscription was last sent with in this page's life: once per start and user. */
let sentWith: string | null = null;
let targetChecked = false;

export function PushWatch() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [failed, setFailed] = useState(false);
  const [renewed, setRenewed] = useState(0);

  useEffect(() => {
    if (targetChecked || !pushAllowed()) return;
    targetChecked = true;
    let target: string | null = null;
    // Only once the start URL's own navigation (the landing page's redirect) has resolved:
    // going earlier would be undone by it. This effect runs before the router's first load.
    const follow = () => {
      const { status, location, resolvedLocation } = router.state;
      if (!target || status !== 'idle' || resolvedLocation?.href !== location.href) return;
      const path = target;
      target = null;
      stop();
      if (path.split(/[?#]/)[0] !== location.pathname) router.history.push(path);
    };
    // The router emits onResolved inside a store batch: router.state still says 'pending' there.
    // Looking a task later sees the settled state; otherwise the last resolve could go unheeded.
    const stop = router.subscribe('onResolved', () => setTimeout(follow, 0));
    void import('./push-start')
      .then((start) => start.keptTarget())
      .then((kept) => {
        target = kept;
        if (kept) follow();
        else stop();
      });
  }, [router]);

  useEffect(
    () =>
      onSubscriptionChanged(() => {
        sentWith = null;
        setRenewed((n) => n + 1);
      }),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: renewed forces a resend when the worker asks
  useEffect(() => {
    const area = areaOf(pathname);
    if (!area || !pushAllowed()) return;
    const token = readToken(area);
    if (!token || token === sentWith) return;
    sentWith = token;
    void import('./push-start')
      .then((start) => start.syncOnStart(area))
      .then(() => setFailed(false))
      .catch((error: { status?: number }) => {
        // Offline: the next start tries again; a server that answered gets the user's attention.
        sentWith = null;
        if (error.status !== 0) setFailed(true);
      });
  }, [pathname, renewed]);

  if (!failed) return null;
  return (
    <Toast role="alert">
      <span>{PUSH_SEND_ERROR}</span>
      <button type="button" className={button({ tone: 'secondary' })} onClick={() => setFailed(false)}>
        Закрыть
      </button>
    </Toast>
  );
}
