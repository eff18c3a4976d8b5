/** The app-wide notices pinned to the bottom of every page. */
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ToastRegion } from '../../ui/toast';
import { OutboxWatch } from '../outbox/outbox-watch';
import { pushAllowed } from '../push/push-allowed';
import { DatabaseNotice } from './database-notice';
import { OrderAcceptedWatch } from './order-accepted-watch';
import { UpdatePrompt } from './update-prompt';

// The push duties load only in a browser that allows notifications: a first visit never pays for them.
const PushWatch = lazy(() => import('../push/push-watch').then((module) => ({ default: module.PushWatch })));

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
