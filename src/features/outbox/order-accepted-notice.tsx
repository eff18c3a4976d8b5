/**
 * «Заказ № … принят» for orders the outbox sent after they had waited for the network: the user
 * may be on any page by then, so the shell tells them the number until they close the notice.
 * Hidden on that order's own success page, which already shows it.
 */
import { Link, useLocation } from '@tanstack/react-router';
import { useDataLayer } from '../../api/data-layer';
import { useLiveQuery } from '../../db/live-query';
import { acceptedNews, acceptedText, markAcceptedSeen } from '../../outbox/accepted-orders';
import { button } from '../../ui/button';
import { Toast } from '../../ui/toast';

export default function OrderAcceptedNotice() {
  const { db } = useDataLayer();
  const location = useLocation();
  const news = useLiveQuery(() => acceptedNews(db).catch(() => []), [db]);
  const onSuccessPageOf = (entryId: string) =>
    location.pathname === '/order/success' && (location.search as { entry?: unknown }).entry === entryId;
  const shown = (news ?? []).filter((order) => !onSuccessPageOf(order.entryId));
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((order) => {
        const { title, body } = acceptedText(order.result);
        return (
          <Toast key={order.entryId}>
            <span>
              <strong>{title}</strong> {body}
            </span>
            <Link
              to="/order/success"
              search={{ entry: order.entryId }}
              className={button({ tone: 'secondary' })}
            >
              Подробнее
            </Link>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() => void markAcceptedSeen(db, [order.entryId])}
            >
              Понятно
            </button>
          </Toast>
        );
      })}
    </>
  );
}
