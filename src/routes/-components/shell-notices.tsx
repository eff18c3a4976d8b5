/**
 * The app-wide notices pinned to the bottom of every page, composed by the root route from the
 * features that own them: the shell's (update, database), the outbox's and the push's.
 */
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { OrderAcceptedWatch } from '../../features/outbox/order-accepted-watch';
import { OutboxWatch } from '../../features/outbox/outbox-watch';
import { pushAllowed } from '../../features/push/push-allowed';
import { DatabaseNotice } from '../../features/shell/database-notice';
import { UpdatePrompt } from '../../features/shell/update-prompt';
import { ToastRegion } from '../../ui/toast';

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
      <DatabaseNotice />
      <OutboxWatch />
      <OrderAcceptedWatch />
      <PushWhenAllowed />
    </ToastRegion>
  );
}
