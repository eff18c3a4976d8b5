/**
 * /cabinet/invoices: the company's invoices and acts, newest first, with their state and a
 * download each. Read through the stored copy (the list opens offline; downloads need the network).
 */
import { Link } from '@tanstack/react-router';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDate, formatRubles } from '../../domain/format';
import { DataFreshness } from '../../ui/data-freshness';
import { DownloadButton } from '../../ui/order/download-button';
import { OrderNumber } from '../../ui/order/order-number';
import * as widgets from '../../ui/order/order-widgets.css';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { Pagination } from '../../ui/widgets/pagination';
import * as styles from './cabinet.css';
import type { Invoice } from './cabinet-types';

export const INVOICES_PAGE_SIZE = 20;

const KIND_LABELS: Record<Invoice['kind'], string> = { INVOICE: 'Счёт', ACT: 'Акт' };

const STATUS_LABELS: Record<Invoice['status'], string> = {
  ISSUED: 'Выставлен',
  PAYMENT_CONFIRMED: 'Вы сообщили об оплате, проверяем',
  PAID: 'Оплачен',
  SIGNED: 'Подписан',
};

const STATUS_TONES: Record<Invoice['status'], keyof typeof widgets.badge> = {
  ISSUED: 'action',
  PAYMENT_CONFIRMED: 'progress',
  PAID: 'done',
  SIGNED: 'done',
};

function statusText(invoice: Invoice): string {
  if (invoice.kind === 'ACT' && invoice.status === 'ISSUED') return 'Ждёт подписи';
  return STATUS_LABELS[invoice.status];
}

export interface InvoicesPageProps {
  page?: number;
  onPage: (page: number | undefined) => void;
}

export function InvoicesPage({ page: pageNumber = 1, onPage }: InvoicesPageProps) {
  const query = useCachedQuery('/api/user/invoices', {
    params: { query: { limit: INVOICES_PAGE_SIZE, offset: (pageNumber - 1) * INVOICES_PAGE_SIZE } },
  });
  const list = query.data;
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Счета
      </h1>
      <p className={page.muted}>Счета на оплату и акты выполненных работ по заказам организации.</p>
      <DataFreshness of={query} />
      {list === undefined ? (
        <QueryState what="счета" error={query.error} onRetry={() => void query.refetch()} />
      ) : list.items.length === 0 ? (
        <div className={page.card}>
          <p>Счетов и актов пока нет.</p>
          <p className={page.muted}>
            Они появятся здесь, когда вы сформируете их на странице заказа, оплачиваемого организацией.
            Реквизиты организации — в разделе <Link to="/cabinet/organization">«Организация»</Link>.
          </p>
        </div>
      ) : (
        <>
          <ul className={widgets.list} aria-label="Счета и акты">
            {list.items.map((invoice) => (
              <li key={invoice.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <span className={styles.rowTitle}>
                    {KIND_LABELS[invoice.kind]} {invoice.number}
                  </span>
                  <span className={page.muted}>
                    от <time dateTime={invoice.createdAt}>{formatDate(invoice.createdAt)}</time> к{' '}
                    <Link to="/cabinet/orders/$id" params={{ id: String(invoice.orderId) }}>
                      заказу <OrderNumber number={invoice.orderNumber} />
                    </Link>
                  </span>
                </div>
                <div>
                  <span className={widgets.badge[STATUS_TONES[invoice.status]]}>{statusText(invoice)}</span>
                  {invoice.paidAt ? <span className={page.muted}> {formatDate(invoice.paidAt)}</span> : null}
                </div>
                <div className={styles.rowAside}>
                  <span className={widgets.amount}>{formatRubles(invoice.amount)}</span>
                  {invoice.pdfUrl ? (
                    <DownloadButton
                      url={invoice.pdfUrl}
                      name={`${invoice.number}.pdf`}
                      label={`Скачать PDF ${invoice.number}`}
                    />
                  ) : (
                    <span className={page.muted}>PDF формируется…</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            page={pageNumber}
            pageCount={Math.ceil(list.total / INVOICES_PAGE_SIZE)}
            onPageChange={(next) => onPage(next === 1 ? undefined : next)}
          />
        </>
      )}
    </section>
  );
}
