/**
 * /crm/form-settings: what the order form offers and in which order — documents, assurances,
 * deliveries — urgency and the bureau's calendar, and the promo codes. Every list shows its stored copy offline with its age; edits
 * need the network and say so.
 */
import { useCachedQuery } from '../../api/use-cached-query';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { KINDS } from './kinds';
import { PromoCodesSection } from './promo-codes';
import { SettingsSection } from './settings-section';
import { WorkCalendarSection } from './work-calendar-section';

export function FormSettingsPage() {
  const documents = useCachedQuery(KINDS.DOCUMENT.list);
  const assurances = useCachedQuery(KINDS.ASSURANCE.list);
  const deliveries = useCachedQuery(KINDS.DELIVERY.list);
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Настройки формы
      </h1>
      <p className={page.muted}>
        Порядок в списках — порядок в форме заказа. Перетащите строку или нажмите «↑» / «↓».
      </p>
      <DataFreshness of={documents} />
      <SettingsSection kind="DOCUMENT" query={documents} />
      <SettingsSection kind="ASSURANCE" query={assurances} />
      <SettingsSection kind="DELIVERY" query={deliveries} />
      <WorkCalendarSection />
      <PromoCodesSection />
    </section>
  );
}
