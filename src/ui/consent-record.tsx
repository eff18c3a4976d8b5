/**
 * One consent record as staff and the customer read it: which text (a link to the document, its
 * version), when, from which address and browser, and whether it was withdrawn.
 */
import type { components } from '../api/schema.gen';
import { formatDateTime } from '../domain/format';
import { LEGAL_DOCUMENT_PATHS } from '../domain/legal-pages';
import * as page from './page.css';

export type ConsentRecord = components['schemas']['Consent'];

export function ConsentRecordText({ consent }: { consent: ConsentRecord }) {
  return (
    <p>
      <a href={LEGAL_DOCUMENT_PATHS.consent} target="_blank" rel="noopener">
        {consent.title}
      </a>
      , редакция № {consent.version}
      {consent.purpose === 'order' && consent.orderId ? ` — к заказу` : ' — при входе в личный кабинет'}
      <br />
      <span className={page.muted}>
        дано <time dateTime={consent.givenAt}>{formatDateTime(consent.givenAt)}</time>
        {consent.ip ? `, адрес ${consent.ip}` : ''}
        {consent.userAgent ? `, браузер ${consent.userAgent}` : ''}
      </span>
      {consent.withdrawnAt ? (
        <>
          <br />
          <strong>
            Отозвано <time dateTime={consent.withdrawnAt}>{formatDateTime(consent.withdrawnAt)}</time>
          </strong>
        </>
      ) : null}
    </p>
  );
}
