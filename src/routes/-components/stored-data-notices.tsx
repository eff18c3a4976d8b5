/**
 * The shell's notices that read the app database: its upgrade under this tab, the outbox's
 * waiting orders and its replay, an order the device sent. A chunk of their own that the root
 * route loads once the page has settled (shell-notices.tsx).
 */
import { OrderAcceptedWatch } from '../../features/outbox/order-accepted-watch';
import { OutboxWatch } from '../../features/outbox/outbox-watch';
import { DatabaseNotice } from '../../features/shell/database-notice';

export default function StoredDataNotices() {
  return (
    <>
      <DatabaseNotice />
      <OutboxWatch />
      <OrderAcceptedWatch />
    </>
  );
}
