/** The app-wide notices pinned to the bottom of every page. */
import { ToastRegion } from '../../ui/toast';
import { OutboxWatch } from '../outbox/outbox-watch';
import { DatabaseNotice } from './database-notice';
import { OrderAcceptedNotice } from './order-accepted-notice';
import { UpdatePrompt } from './update-prompt';

export function ShellNotices() {
  return (
    <ToastRegion>
      <UpdatePrompt />
      <DatabaseNotice />
      <OutboxWatch />
      <OrderAcceptedNotice />
    </ToastRegion>
  );
}
