/**
 * The app-wide notices pinned to the bottom of every page, composed by the root route from the
 * features that own them: the shell's (update, database), the outbox's and the push's.
 */
import { useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { whenAppDatabaseInUse } from '../../db/presence';
import { pushAllowed } from '../../features/push/push-allowed';
import { UpdatePrompt } from '../../features/shell/update-prompt';
import { ToastRegion } from '../../ui/toast';

// The notices that read the app database load once the device uses it: a first visit of a page
// that stores nothing (the sign-in) never loads the database's library for them. Offline with no
// service worker yet, the chunk cannot load: the notices are then left out.
const StoredDataNotices = lazy(
  (): Promise<{ default: () => ReactNode }> =>
    import('./stored-data-notices').catch(() => ({ default: () => null })),
);

function OnceTheDatabaseIsInUse({ children }: { children: ReactNode }) {
  const [inUse, setInUse] = useState(false);
  useEffect(() => whenAppDatabaseInUse(() => setInUse(true)), []);
  return inUse ? <Suspense fallback={null}>{children}</Suspense> : null;
}

// The push duties load only in a browser that allows notifications: a first visit never pays for them.
const PushWatch = lazy(() =>
  import('../../features/push/push-watch').then((module) => ({ default: module.PushWatch })),
);

function PushWhenAllowed() {
  // Asked again at each navigation: notifications allowed on one page count from the next.
  useRouterState({ select: (state) => state.location.pathname });
  if (!pushAllowed()) return null;
  return (
    <Suspense fallback={null}>
      <PushWatch />
    </Suspense>
  );
}

export function ShellNotices() {
  return (
    <ToastRegion>
      <UpdatePrompt />
      <OnceTheDatabaseIsInUse>
        <StoredDataNotices />
      </OnceTheDatabaseIsInUse>
      <PushWhenAllowed />
    </ToastRegion>
  );
}
