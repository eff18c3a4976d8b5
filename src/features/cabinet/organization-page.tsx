/**
 * /cabinet/organization: the company the customer pays from — its details for invoices and acts,
 * and who signs the acts. Shown from the stored copy first (with its age, and offline).
 */
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { OrganizationForm, type OrganizationInputBody } from './organization-form';
import type { SignerValues } from './organization-rules';
import { SignerForm } from './signer-form';

export function OrganizationPage() {
  const { api } = useDataLayer();
  const query = useCachedQuery('/api/user/organization');
  const loaded = query.data !== undefined;
  const organization = query.data?.organization ?? null;

  async function saveDetails(body: OrganizationInputBody) {
    await api.client.PUT('/api/user/organization', { body });
    await query.refetch();
  }

  async function saveSigner(body: SignerValues) {
    if (!organization) return;
    await api.client.PATCH('/api/organization/{orgId}/signer', {
      params: { path: { orgId: organization.id } },
      body,
    });
    await query.refetch();
  }

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Организация
      </h1>
      <DataFreshness of={query} />
      {loaded ? (
        <>
          <section className={page.card} aria-labelledby="org-details">
            <h2 id="org-details" className={page.subtitle}>
              Реквизиты
            </h2>
            {organization ? null : (
              <p className={page.muted}>
                Укажите организацию, чтобы оплачивать заказы по счёту и получать акты выполненных работ.
              </p>
            )}
            <OrganizationForm
              key={query.isStale ? 'stored' : 'confirmed'}
              organization={organization}
              offline={query.isOffline}
              onSave={saveDetails}
            />
          </section>
          {organization ? (
            <section className={page.card} aria-labelledby="org-signer">
              <h2 id="org-signer" className={page.subtitle}>
                Подписант актов
              </h2>
              <SignerForm
                key={query.isStale ? 'stored' : 'confirmed'}
                organization={organization}
                offline={query.isOffline}
                onSave={saveSigner}
              />
            </section>
          ) : null}
        </>
      ) : (
        <QueryState what="организацию" error={query.error} onRetry={() => void query.refetch()} />
      )}
    </section>
  );
}
