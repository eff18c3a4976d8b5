/** The app-wide notices pinned to the bottom of every page. */
import { ToastRegion } from '../../ui/toast';
import { OutboxWatch } from '../outbox/outbox-watch';
import { PushWatch } from '../push/push-watch';
import { DatabaseNotice } from './database-notice';
import { OrderAcceptedWatch } from './order-accepted-watch';
import { UpdatePrompt } from './update-prompt';

export function ShellNotices() {
  return (
    <ToastRegion>
      <UpdatePrompt />
      <DatabaseNotice />
      <OutboxWatch />
      <OrderAcceptedWatch />
      <PushWatch />
    </ToastRegion>
  );
}
