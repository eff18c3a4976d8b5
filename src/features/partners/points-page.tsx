/**
 * /crm/partner/{partnerId}/points/: one partner's pickup points — name, address, schedule, metro
 * with its line, open or closed — with «Закрыть для клиентов» (after a question) and «Открыть
 * для клиентов» for each (point-opening.tsx), add and change in a side panel (place on the map, photos, the point's
 * change history), and removal after a confirmation. Readable offline with its age.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { metroLineName } from '../../domain/metro-lines';
import { nameAfterKind } from '../../domain/place-names';
import { button } from '../../ui/button';
import { ChangeHistory } from '../../ui/change-history';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { useRefinedPageTitle } from '../../ui/page-title';
import { QueryState } from '../../ui/query-state';
import * as styles from '../../ui/record-list.css';
import { useNotices } from '../../ui/widgets/notices';
import { SlideOver } from '../../ui/widgets/slide-over';
import { failureText, OFFLINE_WRITE_TEXT } from '../../ui/write-form';
import { type PickupPoint, PointForm } from './point-form';
import { OPEN_LABEL, PointOpening } from './point-opening';
import { PointPhotos } from './point-photos';
import * as pointStyles from './points.css';

const HISTORY_NAMES = {
  labels: {
    name: 'название',
    address: 'адрес',
    schedule: 'часы работы',
    lat: 'широта',
    lon: 'долгота',
    metro: 'метро',
    metroColor: 'линия метро',
    phone: 'телефон',
    email: 'email',
    description: 'как найти',
    isActive: 'открыт',
    photos: 'фотографии',
    partnerId: 'партнёр',
  },
  words: { metroColor: (colour: string) => metroLineName(colour) ?? 'другой цвет' },
};

export function PointsPage({ partnerId }: { partnerId: number }) {
  const { api } = useDataLayer();
  const { notify } = useNotices();
  const query = useCachedQuery('/api/point/partner/{partnerId}', { params: { path: { partnerId } } });
  const partners = useCachedQuery('/api/partner');
  const partner = partners.data?.find((row) => row.id === partnerId);
  const [editing, setEditing] = useState<PickupPoint | 'new' | null>(null);
  // The form keeps its identity from opening to closing: a new point, once saved, stays in the
  // same form (now editing it) so the «добавлен» message and the focus survive the switch.
  const [opened, setOpened] = useState(0);
  const open = (what: PickupPoint | 'new') => {
    setOpened((n) => n + 1);
    setEditing(what);
  };
  const [switching, setSwitching] = useState<number | null>(null);
  const offline = query.isOffline;
  useRefinedPageTitle(partner ? `Пункты выдачи: ${partner.name}` : undefined);

  async function toggle(point: PickupPoint) {
    setSwitching(point.id);
    try {
      await api.client.PATCH('/api/point/status', { body: { id: point.id, isActive: !point.isActive } });
      await query.refetch();
      notify(
        point.isActive
          ? `Пункт «${point.name}» закрыт: его нет в форме заказа. Открыть снова — кнопкой «${OPEN_LABEL}».`
          : `Пункт «${point.name}» открыт: клиенты снова могут его выбрать`,
        'success',
      );
    } catch (failure) {
      notify(failureText(failure), 'error');
    } finally {
      setSwitching(null);
    }
  }

  const current =
    editing !== null && editing !== 'new'
      ? (query.data?.find((row) => row.id === editing.id) ?? editing)
      : null;
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <p>
        <Link to="/crm/partner">← Все партнёры</Link>
      </p>
      <div className={styles.head}>
        <h1 id="page-title" className={page.title}>
          {partner ? `Пункты выдачи: ${partner.name}` : `Пункты выдачи партнёра №${partnerId}`}
        </h1>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          disabled={offline}
          onClick={() => open('new')}
        >
          Добавить пункт
        </button>
      </div>
      <DataFreshness of={query} />
      {offline ? <p className={page.muted}>{OFFLINE_WRITE_TEXT}</p> : null}
      {query.data ? (
        query.data.length === 0 ? (
          <p className={page.muted}>У партнёра пока нет пунктов выдачи.</p>
        ) : (
          <ul className={page.cardList} aria-label="Пункты выдачи">
            {query.data.map((point) => (
              <li key={point.id} className={page.compactCard} data-point={point.id}>
                <span className={styles.name}>
                  {point.name}
                  <span className={point.isActive ? undefined : styles.off}>
                    {' '}
                    · {point.isActive ? 'открыт' : 'закрыт для клиентов'}
                  </span>
                </span>
                <span>{point.address}</span>
                <span className={page.muted}>{point.schedule}</span>
                {point.metro ? (
                  <span>
                    {point.metroColor ? (
                      <span
                        aria-hidden="true"
                        className={pointStyles.swatch}
                        style={{ background: point.metroColor }}
                      />
                    ) : null}
                    м. {point.metro}
                    {metroLineName(point.metroColor) ? ` · линия ${metroLineName(point.metroColor)}` : null}
                  </span>
                ) : null}
                <span className={page.muted}>Фотографий: {point.photos.length}</span>
                <div className={styles.actions}>
                  <PointOpening
                    point={point}
                    disabled={offline || switching === point.id}
                    onSwitch={toggle}
                  />
                  <button
                    type="button"
                    className={button({ tone: 'secondary' })}
                    disabled={offline}
                    onClick={() => open(point)}
                  >
                    Изменить<span className="visually-hidden"> пункт {point.name}</span>
                  </button>
                  <ConfirmDelete
                    what={`пункт выдачи ${nameAfterKind(point.name, 'PICKUP_POINT')}`}
                    offline={offline}
                    note="Если в пункте выдавали заказы, он не удалится, а будет закрыт: заказы останутся как были."
                    onDeleted={query.refetch}
                    remove={async () =>
                      (await api.client.DELETE('/api/point', { params: { query: { id: point.id } } })).data
                        ?.message ?? `Удалено: пункт выдачи ${nameAfterKind(point.name, 'PICKUP_POINT')}`
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )
      ) : (
        <QueryState what="пункты выдачи" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <SlideOver
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={current ? `Пункт «${current.name}»` : 'Новый пункт выдачи'}
      >
        {editing !== null ? (
          <>
            <PointForm
              key={opened}
              partnerId={partnerId}
              point={current ?? undefined}
              offline={offline}
              onSaved={async (saved) => {
                await query.refetch();
                setEditing(saved);
              }}
            />
            {current ? (
              <>
                <PointPhotos
                  point={current}
                  offline={offline}
                  onChanged={async () => void (await query.refetch())}
                />
                <ChangeHistory
                  entity="PICKUP_POINT"
                  entityId={current.id}
                  names={HISTORY_NAMES}
                  record={current}
                />
              </>
            ) : null}
          </>
        ) : null}
      </SlideOver>
    </section>
  );
}
