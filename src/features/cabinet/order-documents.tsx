/** An invoice or act of a company's order in the cabinet, in the one state it is in now. */
import { DownloadButton } from '../../ui/order/download-button';
import * as page from '../../ui/page.css';
import type { MyOrder } from './cabinet-types';

type Invoice = MyOrder['invoices'][number];

const PAID_STATES: Partial<Record<Invoice['status'], string>> = {
  PAYMENT_CONFIRMED: 'вы сообщили об оплате, мы проверяем поступление',
  PAID: 'оплачен',
  SIGNED: 'подписанный акт получен',
};

/** One state at a time: being made, or ready to download (with whether it is paid or signed). */
export function DocumentState({ item }: { item: Invoice }) {
  const name = item.kind === 'INVOICE' ? 'Счёт' : 'Акт';
  if (!item.pdfUrl) {
    return (
      <span role="status" className={page.muted}>
        {name} {item.number} формируется…
      </span>
    );
  }
  const state = PAID_STATES[item.status];
  return (
    <span className={page.stack}>
      <DownloadButton
        url={item.pdfUrl}
        name={`${item.number}.pdf`}
        label={`Скачать ${name.toLocaleLowerCase('ru-RU')} ${item.number}`}
      />
      {state ? (
        <span className={page.muted}>
          {name} {item.number}: {state}
        </span>
      ) : null}
    </span>
  );
}
