/**
 * Promo codes in form settings: the list (code, discount — a percent or rubles — and the minimum
 * order sum, dates, uses of max), add and change in
 * a side panel (an added code closes it; a code taken is said beside the field), remove after a confirmation (a used code is switched off, the server says so).
 * Dates are Moscow calendar dates, both ends included.
 */
import { type FormEvent, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { components } from '../../api/schema.gen';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDate, formatRubles } from '../../domain/format';
import { moneyProblem, parseRubles, rublesForInput } from '../../domain/money';
import { promoDiscountText } from '../../domain/promo';
import { button } from '../../ui/button';
import { CheckboxField, RadioGroup } from '../../ui/choice-group';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { ErrorSummary } from '../../ui/error-summary';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { TextField } from '../../ui/text-field';
import { useNotices } from '../../ui/widgets/notices';
import { SlideOver } from '../../ui/widgets/slide-over';
import { OFFLINE_WRITE_TEXT, SubmitRow, useCardForm } from '../../ui/write-form';
import * as styles from './catalogue.css';

type PromoCode = components['schemas']['PromoCode'];
type PromoValues = Record<
  | 'code'
  | 'kind'
  | 'discount'
  | 'amount'
  | 'minOrderSum'
  | 'description'
  | 'startDate'
  | 'endDate'
  | 'maxUses'
  | 'isActive',
  string
>;

const AMOUNT_NAME = { accusative: 'скидку в рублях', nominative: 'Скидка' };
const MINIMUM_NAME = { accusative: 'минимальную сумму заказа', nominative: 'Минимальная сумма' };
/** The contract's ceiling of a fixed-sum code. */
const MAX_PROMO_AMOUNT = 1_000_000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const validatePromo = byField<PromoValues>({
  'promo-code': (v) =>
    v.code.trim() === ''
      ? 'Введите промокод'
      : /^[A-Za-z0-9_-]{3,32}$/.test(v.code.trim())
        ? null
        : 'Промокод — от 3 до 32 латинских букв, цифр, «-» или «_»',
  'promo-kind': (v) => (v.kind === 'PERCENT' || v.kind === 'AMOUNT' ? null : 'Выберите вид скидки'),
  'promo-discount': (v) => {
    if (v.kind === 'AMOUNT') return null;
    const value = Number(v.discount.replace(',', '.'));
    if (v.discount.trim() === '') return 'Введите скидку в процентах';
    return Number.isFinite(value) && value > 0 && value <= 100
      ? null
      : 'Скидка — число больше 0 и не больше 100';
  },
  'promo-amount': (v) => {
    if (v.kind !== 'AMOUNT') return null;
    const problem = moneyProblem(v.amount, AMOUNT_NAME);
    if (problem) return problem;
    const value = parseRubles(v.amount) ?? 0;
    if (value === 0) return 'Скидка должна быть больше 0 ₽';
    return value > MAX_PROMO_AMOUNT ? 'Скидка — не больше 1 000 000 ₽' : null;
  },
  'promo-minOrderSum': (v) =>
    v.minOrderSum.trim() === '' ? null : moneyProblem(v.minOrderSum, MINIMUM_NAME),
  'promo-startDate': (v) =>
    v.startDate === '' || DATE.test(v.startDate) ? null : 'Введите дату начала целиком',
  'promo-endDate': (v) =>
    v.endDate !== '' && !DATE.test(v.endDate)
      ? 'Введите дату окончания целиком'
      : v.endDate && v.startDate && v.endDate < v.startDate
        ? 'Дата окончания не может быть раньше даты начала'
        : null,
  'promo-maxUses': (v) =>
    v.maxUses.trim() === '' || /^[1-9]\d{0,8}$/.test(v.maxUses.trim())
      ? null
      : 'Лимит — целое число от 1, или оставьте пустым',
  'promo-description': (v) => (v.description.length > 500 ? 'Описание не длиннее 500 символов' : null),
});

/** The fields by the request property a refusal names (a code taken: /body/code). */
const SERVER_FIELDS = Object.fromEntries(
  (
    [
      'code',
      'kind',
      'discount',
      'amount',
      'minOrderSum',
      'description',
      'startDate',
      'endDate',
      'maxUses',
    ] as const
  ).map((key) => [key, [`promo-${key}`, key]] as const),
);

const valuesOf = (promo?: PromoCode): PromoValues => ({
  code: promo?.code ?? '',
  kind: promo?.kind ?? 'PERCENT',
  discount: promo && promo.kind === 'PERCENT' ? String(promo.discount).replace('.', ',') : '',
  amount: promo?.amount != null ? rublesForInput(promo.amount) : '',
  minOrderSum: promo?.minOrderSum != null ? rublesForInput(promo.minOrderSum) : '',
  description: promo?.description ?? '',
  startDate: promo?.startDate ?? '',
  endDate: promo?.endDate ?? '',
  maxUses: promo?.maxUses ? String(promo.maxUses) : '',
  isActive: String(promo?.isActive ?? true),
});

export function promoPeriod(promo: Pick<PromoCode, 'startDate' | 'endDate'>): string {
  if (promo.startDate && promo.endDate)
    return `с ${formatDate(promo.startDate)} по ${formatDate(promo.endDate)}`;
  if (promo.startDate) return `с ${formatDate(promo.startDate)}`;
  if (promo.endDate) return `по ${formatDate(promo.endDate)}`;
  return 'без срока';
}

function PromoForm({
  promo,
  offline,
  onSaved,
}: {
  promo?: PromoCode;
  offline: boolean;
  onSaved: (saved: PromoCode) => Promise<void>;
}) {
  const { api } = useDataLayer();
  const { values, set, errors, busy, outcome, submit } = useCardForm<PromoValues>(
    valuesOf(promo),
    validatePromo,
    offline,
    SERVER_FIELDS,
  );
  async function save(event: FormEvent) {
    await submit(event, async (typed) => {
      const fixed = typed.kind === 'AMOUNT';
      const body = {
        code: typed.code.trim(),
        kind: fixed ? ('AMOUNT' as const) : ('PERCENT' as const),
        ...(fixed
          ? { amount: parseRubles(typed.amount) }
          : { discount: Number(typed.discount.replace(',', '.')), amount: null }),
        minOrderSum: typed.minOrderSum.trim() ? parseRubles(typed.minOrderSum) : null,
        description: typed.description.trim() || null,
        startDate: typed.startDate || null,
        endDate: typed.endDate || null,
        maxUses: typed.maxUses.trim() ? Number(typed.maxUses) : null,
        isActive: typed.isActive === 'true',
      };
      const answer = promo
        ? await api.client.PUT('/api/form-settings/promocode', { body: { ...body, id: promo.id } })
        : await api.client.POST('/api/form-settings/promocode', { body });
      if (!answer.data) throw new Error('Сервер вернул пустой ответ');
      await onSaved(answer.data);
      return promo ? 'Изменения сохранены' : `Промокод ${answer.data.code} добавлен`;
    });
  }
  const field = (
    key: keyof PromoValues,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={`promo-${key}`}
      label={label}
      value={values[key]}
      error={errors.problems[`promo-${key}`]}
      onValueChange={set(key)}
      autoComplete="off"
      {...(extra as object)}
    />
  );
  return (
    <form
      className={form.form}
      noValidate
      aria-label={promo ? `Изменить промокод ${promo.code}` : 'Новый промокод'}
      onSubmit={(e) => void save(e)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      {field('code', 'Промокод', { hint: 'Латинские буквы и цифры; регистр не важен' })}
      <RadioGroup
        id="promo-kind"
        legend="Вид скидки"
        value={values.kind === 'AMOUNT' ? 'AMOUNT' : 'PERCENT'}
        onValueChange={set('kind')}
        error={errors.problems['promo-kind']}
        options={[
          { value: 'PERCENT', label: 'Процент от суммы документов' },
          {
            value: 'AMOUNT',
            label: 'Сумма в рублях',
            hint: 'Не больше суммы документов: доставка и срочность без скидки',
          },
        ]}
      />
      {values.kind === 'AMOUNT'
        ? field('amount', 'Скидка, ₽', { inputMode: 'decimal', hint: 'Например, 500' })
        : field('discount', 'Скидка, %', { inputMode: 'decimal' })}
      {field('minOrderSum', 'Минимальная сумма заказа, ₽ (необязательно)', {
        inputMode: 'decimal',
        hint: 'Сумма документов с заверениями до скидки; пусто — для любого заказа',
      })}
      {field('description', 'Описание (необязательно)')}
      {field('startDate', 'Действует с (по московскому времени)', { type: 'date' })}
      {field('endDate', 'Действует по (включительно)', { type: 'date' })}
      {field('maxUses', 'Сколько раз можно использовать (необязательно)', {
        inputMode: 'numeric',
        hint: 'Пусто — без ограничения',
      })}
      <CheckboxField
        id="promo-isActive"
        label="Промокод действует"
        checked={values.isActive === 'true'}
        onCheckedChange={(checked) => set('isActive')(String(checked))}
      />
      <SubmitRow
        outcome={outcome}
        busy={busy}
        offline={offline}
        label={promo ? 'Сохранить' : 'Добавить промокод'}
      />
    </form>
  );
}

export function PromoCodesSection() {
  const { api } = useDataLayer();
  const { notify } = useNotices();
  const query = useCachedQuery('/api/form-settings/promocode');
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);
  const offline = query.isOffline;
  return (
    <section className={page.card} aria-labelledby="settings-promo">
      <div className={styles.sectionHead}>
        <h2 id="settings-promo" className={page.subtitle}>
          Промокоды
        </h2>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          disabled={offline}
          onClick={() => setEditing('new')}
        >
          Добавить промокод
        </button>
      </div>
      {offline ? <p className={page.muted}>{OFFLINE_WRITE_TEXT}</p> : null}
      {query.data ? (
        query.data.length === 0 ? (
          <p className={page.muted}>Промокодов пока нет.</p>
        ) : (
          <ul className={page.cardList} aria-label="Промокоды">
            {query.data.map((promo) => (
              <li key={promo.id} className={page.compactCard} data-promo={promo.code}>
                <div className={styles.rowHead}>
                  <span className={styles.name}>{promo.code}</span>
                  <span>{promoDiscountText(promo)}</span>
                  {promo.minOrderSum ? <span>от {formatRubles(promo.minOrderSum)}</span> : null}
                  {promo.isActive ? null : <span className={styles.hidden}>не действует</span>}
                </div>
                {promo.description ? <span>{promo.description}</span> : null}
                <span className={styles.prices}>
                  {promoPeriod(promo)} · использован {promo.usesCount}
                  {promo.maxUses ? ` из ${promo.maxUses}` : ''} раз
                </span>
                <div className={styles.rowHead}>
                  <button
                    type="button"
                    className={button({ tone: 'secondary' })}
                    disabled={offline}
                    onClick={() => setEditing(promo)}
                  >
                    Изменить<span className="visually-hidden"> промокод {promo.code}</span>
                  </button>
                  <ConfirmDelete
                    what={`промокод ${promo.code}`}
                    offline={offline}
                    note="Использованный промокод не удалится, а будет отключён: заказы со скидкой останутся как были."
                    onDeleted={query.refetch}
                    remove={async () =>
                      (
                        await api.client.DELETE('/api/form-settings/promocode', {
                          params: { query: { id: promo.id } },
                        })
                      ).data?.message ?? `Удалено: промокод ${promo.code}`
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )
      ) : (
        <QueryState what="промокоды" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <SlideOver
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' || editing === null ? 'Новый промокод' : `Промокод ${editing.code}`}
      >
        {editing !== null ? (
          <PromoForm
            key={editing === 'new' ? 'new' : editing.id}
            promo={editing === 'new' ? undefined : editing}
            offline={offline}
            onSaved={async (saved) => {
              await query.refetch();
              if (editing !== 'new') return;
              // Added: the panel closes, so the next «Добавить промокод» starts from an empty form.
              setEditing(null);
              notify(`Промокод ${saved.code} добавлен`, 'success');
            }}
          />
        ) : null}
      </SlideOver>
    </section>
  );
}
