/**
 * /crm/partner: the partners who run pickup points — name, commission, how many points — with
 * add and change (and the partner's change history) in a side panel, removal after a
 * confirmation (a partner orders or points refer to is hidden and its points closed; the server
 * says so), and a link to each partner's points. Readable offline with its age.
 */
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { components } from '../../api/schema.gen';
import { useCachedQuery } from '../../api/use-cached-query';
import { button } from '../../ui/button';
import { ChangeHistory } from '../../ui/change-history';
import { CheckboxField } from '../../ui/choice-group';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { DataFreshness } from '../../ui/data-freshness';
import { ErrorSummary } from '../../ui/error-summary';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import * as styles from '../../ui/record-list.css';
import { TextField } from '../../ui/text-field';
import { useNotices } from '../../ui/widgets/notices';
import { SlideOver } from '../../ui/widgets/slide-over';
import { OFFLINE_WRITE_TEXT, SubmitRow, useCardForm } from '../../ui/write-form';

type Partner = components['schemas']['Partner'];
type PartnerValues = { name: string; commission: string; isActive: string };

export const validatePartner = byField<PartnerValues>({
  'partner-name': (v) =>
    v.name.trim() === ''
      ? 'Введите название партнёра'
      : v.name.length > 200
        ? 'Не длиннее 200 символов'
        : null,
  'partner-commission': (v) => {
    if (v.commission.trim() === '') return 'Введите комиссию в процентах';
    const value = Number(v.commission.replace(',', '.'));
    return Number.isFinite(value) && value >= 0 && value <= 100 ? null : 'Комиссия — число от 0 до 100';
  },
});

function PartnerForm({
  partner,
  offline,
  onSaved,
}: {
  partner?: Partner;
  offline: boolean;
  onSaved: (saved: Partner) => Promise<void>;
}) {
  const { api } = useDataLayer();
  const { values, set, errors, busy, outcome, submit } = useCardForm<PartnerValues>(
    {
      name: partner?.name ?? '',
      commission: partner ? String(partner.commission).replace('.', ',') : '',
      isActive: String(partner?.isActive ?? true),
    },
    validatePartner,
    offline,
    { name: ['partner-name', 'name'], commission: ['partner-commission', 'commission'] },
  );
  async function save(event: FormEvent) {
    await submit(event, async (typed) => {
      const body = {
        name: typed.name.trim(),
        commission: Number(typed.commission.replace(',', '.')),
        isActive: typed.isActive === 'true',
      };
      const answer = partner
        ? await api.client.PUT('/api/partner', { body: { ...body, id: partner.id } })
        : await api.client.POST('/api/partner', { body });
      if (!answer.data) throw new Error('Сервер вернул пустой ответ');
      await onSaved(answer.data);
      return partner ? 'Изменения сохранены' : `Партнёр «${answer.data.name}» добавлен`;
    });
  }
  return (
    <form
      className={form.form}
      noValidate
      aria-label={partner ? `Изменить партнёра ${partner.name}` : 'Новый партнёр'}
      onSubmit={(e) => void save(e)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <TextField
        id="partner-name"
        label="Название"
        value={values.name}
        error={errors.problems['partner-name']}
        onValueChange={set('name')}
      />
      <TextField
        id="partner-commission"
        label="Комиссия, %"
        hint="Доля суммы заказа, которую получает партнёр"
        inputMode="decimal"
        value={values.commission}
        error={errors.problems['partner-commission']}
        onValueChange={set('commission')}
      />
      {partner ? (
        <CheckboxField
          id="partner-isActive"
          label="Партнёр работает"
          checked={values.isActive === 'true'}
          onCheckedChange={(c) => set('isActive')(String(c))}
        />
      ) : null}
      <SubmitRow
        outcome={outcome}
        busy={busy}
        offline={offline}
        label={partner ? 'Сохранить' : 'Добавить партнёра'}
      />
    </form>
  );
}

export function PartnersPage() {
  const { api } = useDataLayer();
  const { notify } = useNotices();
  const query = useCachedQuery('/api/partner');
  const [editing, setEditing] = useState<Partner | 'new' | null>(null);
  const offline = query.isOffline;
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <div className={styles.head}>
        <h1 id="page-title" className={page.title}>
          Партнёры
        </h1>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          disabled={offline}
          onClick={() => setEditing('new')}
        >
          Добавить партнёра
        </button>
      </div>
      <DataFreshness of={query} />
      {offline ? <p className={page.muted}>{OFFLINE_WRITE_TEXT}</p> : null}
      {query.data ? (
        <ul className={page.cardList} aria-label="Партнёры">
          {query.data.map((partner) => (
            <li key={partner.id} className={page.compactCard} data-partner={partner.id}>
              <span className={styles.name}>
                {partner.name}
                {partner.isActive ? null : <span className={styles.off}> · скрыт</span>}
              </span>
              <span className={page.muted}>
                Комиссия {partner.commission}% · пунктов выдачи: {partner.pointsCount}
              </span>
              <div className={styles.actions}>
                <Link to="/crm/partner/$partnerId/points" params={{ partnerId: String(partner.id) }}>
                  Пункты выдачи<span className="visually-hidden"> партнёра {partner.name}</span>
                </Link>
                <button
                  type="button"
                  className={button({ tone: 'secondary' })}
                  disabled={offline}
                  onClick={() => setEditing(partner)}
                >
                  Изменить<span className="visually-hidden"> партнёра {partner.name}</span>
                </button>
                <ConfirmDelete
                  what={`партнёра «${partner.name}»`}
                  offline={offline}
                  note="Если у партнёра есть заказы, пункты или сотрудники, он не удалится, а будет скрыт, и его пункты закроются."
                  onDeleted={query.refetch}
                  remove={async () =>
                    (await api.client.DELETE('/api/partner', { params: { query: { id: partner.id } } })).data
                      ?.message ?? `Удалено: партнёр «${partner.name}»`
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <QueryState what="партнёров" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <SlideOver
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' || editing === null ? 'Новый партнёр' : `Партнёр «${editing.name}»`}
      >
        {editing !== null ? (
          <>
            <PartnerForm
              key={editing === 'new' ? 'new' : editing.id}
              partner={editing === 'new' ? undefined : editing}
              offline={offline}
              onSaved={async (saved) => {
                await query.refetch();
                if (editing !== 'new') return;
                // Added: the panel closes, so the next «Добавить партнёра» starts from an empty form.
                setEditing(null);
                notify(
                  `Партнёр «${saved.name}» добавлен. Пункты выдачи — по ссылке в его строке.`,
                  'success',
                );
              }}
            />
            {editing !== 'new' ? (
              <ChangeHistory
                entity="PARTNER"
                entityId={editing.id}
                record={query.data?.find((row) => row.id === editing.id)}
                names={{ labels: { name: 'название', commission: 'комиссия, %', isActive: 'работает' } }}
              />
            ) : null}
          </>
        ) : null}
      </SlideOver>
    </section>
  );
}
