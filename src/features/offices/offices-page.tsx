/**
 * /crm/offices: the bureau's offices — address, schedule, phone, place on the map — with add,
 * change (and the office's change history) in a side panel, and removal after a confirmation
 * (an office orders were collected at is switched off instead; the server says so). Readable
 * offline with its age; edits need the network.
 */
import { useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { nameAfterKind } from '../../domain/place-names';
import { button } from '../../ui/button';
import { ChangeHistory } from '../../ui/change-history';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import * as styles from '../../ui/record-list.css';
import { SlideOver } from '../../ui/widgets/slide-over';
import { OFFLINE_WRITE_TEXT } from '../../ui/write-form';
import { type Office, OfficeForm } from './office-form';

const HISTORY_NAMES = {
  labels: {
    name: 'название',
    address: 'адрес',
    schedule: 'часы работы',
    phone: 'телефон',
    email: 'email',
    lat: 'широта',
    lon: 'долгота',
    isActive: 'доступен клиентам',
  },
};

export function OfficesPage() {
  const { api } = useDataLayer();
  const query = useCachedQuery('/api/office');
  const [editing, setEditing] = useState<Office | 'new' | null>(null);
  const offline = query.isOffline;
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <div className={styles.head}>
        <h1 id="page-title" className={page.title}>
          Офисы
        </h1>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          disabled={offline}
          onClick={() => setEditing('new')}
        >
          Добавить офис
        </button>
      </div>
      <DataFreshness of={query} />
      {offline ? <p className={page.muted}>{OFFLINE_WRITE_TEXT}</p> : null}
      {query.data ? (
        <ul className={page.cardList} aria-label="Офисы">
          {query.data.map((office) => (
            <li key={office.id} className={page.compactCard} data-office={office.id}>
              <span className={styles.name}>
                {office.name}
                {office.isActive ? null : <span className={styles.off}> · отключён</span>}
              </span>
              <span>{office.address}</span>
              <span className={page.muted}>{office.schedule}</span>
              {office.phone ? <span>{office.phone}</span> : null}
              <span className={page.muted}>
                {office.lat.toFixed(5)}, {office.lon.toFixed(5)}
              </span>
              <div className={styles.actions}>
                <button
                  type="button"
                  className={button({ tone: 'secondary' })}
                  disabled={offline}
                  onClick={() => setEditing(office)}
                >
                  Изменить<span className="visually-hidden"> офис {office.name}</span>
                </button>
                <ConfirmDelete
                  what={`офис ${nameAfterKind(office.name, 'OFFICE')}`}
                  offline={offline}
                  note="Если в этом офисе выдавали заказы, он не удалится, а будет отключён: заказы останутся как были."
                  onDeleted={query.refetch}
                  remove={async () =>
                    (await api.client.DELETE('/api/office', { params: { query: { id: office.id } } })).data
                      ?.message ?? `Удалено: офис ${nameAfterKind(office.name, 'OFFICE')}`
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <QueryState what="офисы" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <SlideOver
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' || editing === null ? 'Новый офис' : `Офис «${editing.name}»`}
      >
        {editing !== null ? (
          <>
            <OfficeForm
              key={editing === 'new' ? 'new' : editing.id}
              office={editing === 'new' ? undefined : editing}
              offline={offline}
              onSaved={query.refetch}
            />
            {editing !== 'new' ? (
              <ChangeHistory
                entity="OFFICE"
                entityId={editing.id}
                names={HISTORY_NAMES}
                record={query.data?.find((office) => office.id === editing.id)}
              />
            ) : null}
          </>
        ) : null}
      </SlideOver>
    </section>
  );
}
