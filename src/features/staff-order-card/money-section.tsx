/**
 * The order card's price and cost: what the customer pays, what the bureau pays for it (the
 * partner's commission on its own line), the margin.
 */

import { amountBreakdown } from '../../domain/amount-breakdown';
import { formatRubles } from '../../domain/format';
import { Section } from '../../ui/order/order-sections';
import * as widgets from '../../ui/order/order-widgets.css';
import * as page from '../../ui/page.css';
import { costBreakdown, priceInput } from './cost-breakdown';
import * as styles from './order-card.css';
import type { OrderCosts, StaffOrder } from './staff-order-types';

export function MoneySection({ order, costs }: { order: StaffOrder; costs: OrderCosts }) {
  const price = amountBreakdown(priceInput(order, costs));
  return (
    <Section id="card-money" title="Стоимость и расходы">
      <MoneyTable
        caption="Цена для клиента"
        rows={price.rows}
        totalLabel="Сумма заказа"
        total={price.total}
      />
      <CostTable order={order} costs={costs} />
    </Section>
  );
}

function CostTable({ order, costs }: { order: StaffOrder; costs: OrderCosts }) {
  const cost = costBreakdown(order, costs);
  return (
    <>
      <MoneyTable caption="Расходы бюро" rows={cost.rows} totalLabel="Расходы всего" total={cost.totalCost} />
      <p className={cost.margin < 0 ? page.errorText : undefined}>
        <strong>
          {cost.margin < 0 ? 'Убыток' : 'Маржа'}: {formatRubles(cost.margin)}
        </strong>
        {cost.marginPercent !== null ? (
          <span className={page.muted}>
            {' '}
            ({String(cost.marginPercent).replace('.', ',')} % от суммы заказа)
          </span>
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
    <table className={widgets.table}>
      <caption className={styles.caption}>{props.caption}</caption>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className={widgets.cell}>
              {row.label}
            </th>
            <td className={widgets.numberCell}>{formatRubles(row.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className={widgets.cell}>
            {props.totalLabel}
          </th>
          <td className={`${widgets.numberCell} ${widgets.amount}`}>{formatRubles(props.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
