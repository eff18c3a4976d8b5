/**
 * The order card's facts about the customer and the order: who ordered and how to reach them,
 * who pays, how the order is received, the files to download (the customer's uploads, the
 * invoice, the act and the signed act).
 */
import { formatPhone } from '../../domain/phone';
import { DownloadButton } from '../../ui/order/download-button';
import { Fact, FilesSection, Section } from '../../ui/order/order-sections';
import * as widgets from '../../ui/order/order-widgets.css';
import { type OrderPlace, PlaceFacts } from '../../ui/order/place-facts';
import { PlacedWithoutSignIn } from '../../ui/order/placed-without-sign-in';
import * as page from '../../ui/page.css';
import type { StaffOrder } from './staff-order-types';

export const PAYER_LABELS: Record<StaffOrder['payerType'], string> = {
  INDIVIDUAL: 'Физическое лицо',
  LEGAL: 'Юридическое лицо',
};

const DELIVERY_LABELS: Record<StaffOrder['deliveryType'], string> = {
  OFFICE: 'Самовывоз из офиса бюро',
  PICKUP_POINT: 'Пункт выдачи',
  COURIER: 'Курьер',
};

export function CustomerSection({ order }: { order: StaffOrder }) {
  const phoneDigits = order.phoneNumber.replace(/[^\d+]/g, '');
  return (
    <Section id="card-customer" title="Клиент">
      {order.placedWithoutSignIn ? <PlacedWithoutSignIn audience="staff" status={order.status} /> : null}
      <dl className={widgets.facts}>
        <Fact term="Имя">{order.name}</Fact>
        <Fact term="Телефон">
          <a href={`tel:${phoneDigits}`}>{formatPhone(order.phoneNumber)}</a>
        </Fact>
        <Fact term="Email">
          <a href={`mailto:${order.email}`}>{order.email}</a>
        </Fact>
        <Fact term="Плательщик">{PAYER_LABELS[order.payerType]}</Fact>
        {order.payerType === 'LEGAL' ? (
          <>
            <Fact term="Компания">{order.organizationName ?? '—'}</Fact>
            <Fact term="ИНН">{order.organizationInn ?? '—'}</Fact>
            {order.organizationKpp ? <Fact term="КПП">{order.organizationKpp}</Fact> : null}
            {order.organizationAddress ? (
              <Fact term="Адрес компании">{order.organizationAddress}</Fact>
            ) : null}
          </>
        ) : null}
        {order.promoCode ? <Fact term="Промокод">{order.promoCode}</Fact> : null}
      </dl>
    </Section>
  );
}

export function DeliverySection({ order, place }: { order: StaffOrder; place: OrderPlace | null }) {
  return (
    <Section id="card-delivery" title="Получение">
      <dl className={widgets.facts}>
        <Fact term="Способ">{DELIVERY_LABELS[order.deliveryType]}</Fact>
        {order.deliveryType === 'COURIER' ? <Fact term="Адрес доставки">{order.address ?? '—'}</Fact> : null}
        {place ? (
          <PlaceFacts place={place} />
        ) : order.pickupPointName ? (
          <Fact term={order.deliveryType === 'OFFICE' ? 'Офис' : 'Пункт выдачи'}>
            {order.pickupPointName}
          </Fact>
        ) : null}
      </dl>
    </Section>
  );
}

/** The customer's uploads, then the accounting documents the order has. */
export function OrderFiles({ order }: { order: StaffOrder }) {
  const documents = [
    { url: order.invoicePdfPath, name: `Счёт ${order.number}.pdf`, label: 'Счёт (PDF)' },
    { url: order.actPdfPath, name: `Акт ${order.number}.pdf`, label: 'Акт (PDF)' },
    { url: order.actSignedPath, name: `Подписанный акт ${order.number}`, label: 'Подписанный акт' },
  ].filter((item): item is { url: string; name: string; label: string } => item.url !== null);
  return (
    <>
      {order.files.length > 0 ? (
        <FilesSection order={order} showWho />
      ) : (
        <Section id="order-files" title="Файлы">
          <p className={page.muted}>Клиент не приложил файлов.</p>
        </Section>
      )}
      {documents.length > 0 ? (
        <Section id="card-accounting" title="Документы для бухгалтерии">
          <ul className={widgets.list}>
            {documents.map((item) => (
              <li key={item.label}>
                <DownloadButton url={item.url} name={item.name} label={item.label} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
