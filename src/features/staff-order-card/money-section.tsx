/** The order card's price and cost: what the customer pays, what it costs the bureau, the margin. */
import { formatRubles } from '../../domain/format';
import * as page from '../../ui/page.css';
import { amountBreakdown } from '../cabinet/amount-breakdown';
import * as cabinet from '../cabinet/cabinet.css';
import { Section } from '../cabinet/order-sections';
import { costBreakdown, priceInput } from './cost-breakdown';
import * as styles from './order-card.css';
import type { OrderCosts, StaffOrder } from './staff-order-types';

export function MoneySection({ order, costs }: { order: StaffOrder; costs: OrderCosts | null }) {
  const price = amountBreakdown(priceInput(order, costs));
  return (
    <Section id="card-money" title={costs ? 'Стоимость и себестоимость' : 'Стоимость'}>
      <MoneyTable
        caption="Цена для клиента"
        rows={price.rows}
        totalLabel="Сумма заказа"
        total={price.total}
      />
      {costs ? <CostTable order={order} costs={costs} /> : null}
    </Section>
  );
}

function CostTable({ order, costs }: { order: StaffOrder; costs: OrderCosts }) {
  const cost = costBreakdown(order, costs);
  return (
    <>
      <MoneyTable
        caption="Себестоимость"
        rows={cost.rows}
        totalLabel="Себестоимость"
        total={cost.totalCost}
      />
      <p className={cost.margin < 0 ? page.errorText : undefined}>
        <strong>Маржа: {formatRubles(cost.margin)}</strong>
        {cost.marginPercent !== null ? (
          <span className={page.muted}> ({cost.marginPercent} % от суммы заказа)</span>
        ) : null}
      </p>
    </>
  );
}

function MoneyTable(props: {
  caption: string;
  rows: readonly { label: string; amount: number }[];
  totalLabel: string;
  total: number;
}) {
  return (
    <table className={cabinet.table}>
      <caption className={styles.caption}>{props.caption}</caption>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className={cabinet.cell}>
              {row.label}
            </th>
            <td className={cabinet.numberCell}>{formatRubles(row.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className={cabinet.cell}>
            {props.totalLabel}
          </th>
          <td className={`${cabinet.numberCell} ${cabinet.amount}`}>{formatRubles(props.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
