/**
 * The documents of an order on its card (what the partner hands over), read from the order card
 * (GET /api/order/{id}) through the stored copy, so a card opened once stays readable offline.
 */
import { useCachedQuery } from '../../api/use-cached-query';
import * as styles from './partner-orders.css';

export function OrderDocuments({ orderId }: { orderId: number }) {
  const query = useCachedQuery('/api/order/{id}', { params: { path: { id: orderId } } });
  const lines = query.data?.order.documents;
  if (!lines) {
    if (query.error)
      return <span>{query.isOffline ? 'Нет сохранённых данных' : 'Не удалось загрузить'}</span>;
    return <span>Загружаем…</span>;
  }
  if (lines.length === 0) return <span>—</span>;
  return (
    <ul className={styles.documents}>
      {lines.map((line) => (
        <li key={line.id}>
          {line.type} × {line.quantity}
          {line.assurances.length ? ` (${line.assurances.map((item) => item.type).join(', ')})` : null}
        </li>
      ))}
    </ul>
  );
}
