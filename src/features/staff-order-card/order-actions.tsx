/**
 * The card's right column: what staff can do with the order now, by role (card-rules.ts) and by
 * status (prices move only before payment): its date and assignee, the quote of documents priced
 * by estimate, the amount, the other document, the payment link, the signed act, deletion. Each action is its own small form; a MANAGER sees the
 * amount without its control, a PARTNER only the status.
 */
import { formatRubles } from '../../domain/format';
import { isPriceEditable, ORDER_STATUS_LABELS } from '../../domain/order-status';
import { Section } from '../../ui/order/order-sections';
import * as page from '../../ui/page.css';
import { AmountForm } from './amount-form';
import { cardPermissions } from './card-rules';
import { DeleteOrder } from './delete-order';
import { OtherDocumentForm } from './other-document-form';
import { PaymentLinkForm } from './payment-link-form';
import { QuoteSection } from './quote-form';
import { SignedActUpload } from './signed-act';
import type { OrderCosts, StaffOrder } from './staff-order-types';
import { WorkSection } from './work-section';

export interface OrderActionsProps {
  order: StaffOrder;
  costs: OrderCosts;
  role: string | null;
  offline: boolean;
  onChanged: () => Promise<void>;
  onDeleted: () => void;
}

export function OrderActions({ order, costs, role, offline, onChanged, onDeleted }: OrderActionsProps) {
  const can = cardPermissions(role);
  const editable = isPriceEditable(order.status);
  const afterPayment = `После оплаты не меняется: заказ в статусе «${ORDER_STATUS_LABELS[order.status]}».`;
  return (
    <>
      <WorkSection order={order} role={role} offline={offline} onChanged={onChanged} />
      <QuoteSection
        order={order}
        costs={costs}
        editable={can.editsPrices}
        offline={offline}
        onChanged={onChanged}
      />
      <Section id="card-amount-section" title="Сумма заказа">
        <p>
          <strong className={page.title}>{formatRubles(order.amount)}</strong>
        </p>
        {can.changesAmount && editable ? (
          <AmountForm order={order} offline={offline} onChanged={onChanged} />
        ) : (
          <p className={page.muted}>
            {can.changesAmount || !can.editsPrices ? afterPayment : 'Сумму меняет только администратор.'}
          </p>
        )}
      </Section>
      {can.editsPrices ? (
        <Section id="card-other-section" title="Другой документ">
          {editable ? (
            <OtherDocumentForm order={order} offline={offline} onChanged={onChanged} />
          ) : (
            <p className={page.muted}>
              Цена {formatRubles(order.otherPrice)}, себестоимость {formatRubles(order.otherCost ?? 0)}.{' '}
              {afterPayment}
            </p>
          )}
        </Section>
      ) : null}
      {can.editsPrices ? (
        <Section id="card-payment-section" title="Ссылка на оплату">
          <PaymentLinkForm order={order} editable={editable} offline={offline} onChanged={onChanged} />
          {editable ? null : <p className={page.muted}>{afterPayment}</p>}
        </Section>
      ) : null}
      {can.uploadsSignedAct && order.payerType === 'LEGAL' ? (
        <Section id="card-act-section" title="Подписанный акт">
          <SignedActUpload order={order} offline={offline} onChanged={onChanged} />
        </Section>
      ) : null}
      {can.deletes ? (
        <Section id="card-delete-section" title="Удаление заказа">
          <DeleteOrder order={order} offline={offline} onDeleted={onDeleted} />
        </Section>
      ) : null}
    </>
  );
}
