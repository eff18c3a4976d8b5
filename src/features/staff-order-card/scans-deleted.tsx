/**
 * The card's note that the order's scans — with the conversation's files and the finished
 * translation — were removed after the retention period (152-FZ).
 */
import * as page from '../../ui/page.css';
import type { StaffOrder } from './staff-order-types';

/** DD.MM.YYYY on Moscow's calendar, as the bureau's documents write dates. */
const moscowDay = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export function ScansDeleted({ order }: { order: StaffOrder }) {
  if (!order.scansDeletedAt) return null;
  return (
    <p className={page.muted}>
      Сканы, файлы переписки и готового перевода удалены {moscowDay.format(new Date(order.scansDeletedAt))}:
      срок хранения после закрытия заказа истёк.
    </p>
  );
}
