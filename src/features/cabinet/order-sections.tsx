/** The read-only parts of an order's page: documents, languages, files, delivery, amount. */
import type { ReactNode } from 'react';
import { formatRubles } from '../../domain/format';
import { languageName } from '../../domain/languages';
import * as page from '../../ui/page.css';
import { amountBreakdown } from './amount-breakdown';
import * as styles from './cabinet.css';
import type { MyOrder } from './cabinet-types';
import { DownloadButton } from './download-button';

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={page.card} aria-labelledby={id}>
      <h2 id={id} className={page.subtitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.factTerm}>{term}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </>
  );
}

/** What the documents section reads; the back office's order card passes its own order. */
export type DocumentsOrder = Pick<MyOrder, 'documents' | 'originalLanguage' | 'targetLanguage' | 'comment'>;

export function DocumentsSection({ order }: { order: DocumentsOrder }) {
  return (
    <Section id="order-documents" title="Документы">
      <ul className={styles.list}>
        {order.documents.map((line) => (
          <li key={line.id}>
            <strong>{line.type}</strong>, {copies(line.quantity)}
            {line.assurances.length > 0 ? (
              <ul>
                {line.assurances.map((assurance) => (
                  <li key={assurance.assuranceId}>{assurance.type}</li>
                ))}
              </ul>
            ) : (
              <span className={page.muted}> — без заверения</span>
            )}
          </li>
        ))}
      </ul>
      <dl className={styles.facts}>
        <Fact term="Язык оригинала">{languageName(order.originalLanguage)}</Fact>
        <Fact term="Перевести на">{languageName(order.targetLanguage)}</Fact>
        {order.comment ? <Fact term="Комментарий">{order.comment}</Fact> : null}
      </dl>
    </Section>
  );
}

function copies(quantity: number): string {
  const mod10 = quantity % 10;
  const mod100 = quantity % 100;
  if (mod10 === 1 && mod100 !== 11) return `${quantity} экземпляр`;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return `${quantity} экземпляра`;
  return `${quantity} экземпляров`;
}

export function FilesSection({ order }: { order: Pick<MyOrder, 'files'> }) {
  if (order.files.length === 0) return null;
  return (
    <Section id="order-files" title="Файлы">
      <ul className={styles.list}>
        {order.files.map((file) => (
          <li key={file.id}>
            <DownloadButton url={file.url} name={file.name} />{' '}
            <span className={page.muted}>({formatSize(file.size)})</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Байт`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(0)} КБ`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1).replace('.', ',')} МБ`;
  return `${(bytes / 1024 ** 3).toFixed(1).replace('.', ',')} ГБ`;
}

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
          <>
            <Fact term={place.kind === 'OFFICE' ? 'Офис' : 'Пункт'}>{place.name}</Fact>
            <Fact term="Адрес">{place.address}</Fact>
            <Fact term="Часы работы">{place.schedule}</Fact>
            {place.metro ? (
              <Fact term="Метро">
                {place.metroColor ? (
                  <span
                    className={styles.metroDot}
                    style={{ background: place.metroColor }}
                    aria-hidden="true"
                  />
                ) : null}
                {place.metro}
              </Fact>
            ) : null}
            {place.phone ? <Fact term="Телефон">{place.phone}</Fact> : null}
          </>
        ) : order.pickupPointName ? (
          <Fact term="Пункт">{order.pickupPointName}</Fact>
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
              <td className={styles.numberCell}>{formatRubles(row.amount)}</td>
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
