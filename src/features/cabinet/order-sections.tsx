/** The cabinet's own sections of an order's page: how it is delivered and what it costs. */
import { amountBreakdown } from '../../domain/amount-breakdown';
import { formatRubles } from '../../domain/format';
import { Fact, Section } from '../../ui/order/order-sections';
import * as styles from '../../ui/order/order-widgets.css';
import { PlaceFacts } from '../../ui/order/place-facts';
import type { MyOrder } from './cabinet-types';

const DELIVERY_LABELS: Record<MyOrder['deliveryType'], string> = {
  OFFICE: 'Самовывоз из офиса бюро',
  PICKUP_POINT: 'Пункт выдачи',
  COURIER: 'Курьер',
};

export function DeliverySection({ order }: { order: MyOrder }) {
  const { place } = order;
  return (
    <Section id="order-delivery" title="Получение">
      <dl className={styles.facts}>
        <Fact term="Способ">{order.deliveryName ?? DELIVERY_LABELS[order.deliveryType]}</Fact>
        {order.deliveryType === 'COURIER' && order.address ? <Fact term="Адрес">{order.address}</Fact> : null}
        {place ? (
          <PlaceFacts place={place} />
        ) : order.pickupPointName ? (
          <Fact term="Пункт выдачи">{order.pickupPointName}</Fact>
        ) : null}
      </dl>
    </Section>
  );
}

export function AmountSection({ order }: { order: MyOrder }) {
  const breakdown = amountBreakdown(order);
  return (
    <Section id="order-amount" title="Стоимость">
      <table className={styles.table}>
        <caption className="visually-hidden">Из чего складывается стоимость</caption>
        <tbody>
          {breakdown.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={styles.cell}>
                {row.label}
              </th>
              <td className={styles.numberCell}>
                {/* A document priced by estimate, before the bureau quoted it. */}
                {row.kind === 'line' && row.amount === 0 ? 'по оценке' : formatRubles(row.amount)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={styles.cell}>
              Итого
            </th>
            <td className={`${styles.numberCell} ${styles.amount}`}>{formatRubles(breakdown.total)}</td>
          </tr>
        </tfoot>
      </table>
    </Section>
  );
}
