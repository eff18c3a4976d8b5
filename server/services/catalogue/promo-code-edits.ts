/**
 * Promo codes as staff manage them: the list with the uses counted so far, and create, change and
 * remove. Codes are kept upper-case and unique whatever the case (a unique index on upper(code)
 * decides races). The start and end are Moscow calendar dates, both inclusive (src/domain/promo).
 * usesCount is never written here: only an order's own transaction counts a use (promo-codes.ts),
 * so it is the number of orders placed with the code.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { normalizePromoCode } from '../../../src/domain/promo';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { orders, promoCodes } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { type CatalogueActor, fieldChanges, recordChanges } from './changes';
import { validationError } from './form-settings';
import { hideOrDelete } from './removal';

type Schemas = components['schemas'];
type PromoInput = Schemas['PromoCodeInput'];

const columns = {
  id: promoCodes.id,
  code: promoCodes.code,
  kind: promoCodes.kind,
  discount: promoCodes.discount,
  amount: promoCodes.amount,
  minOrderSum: promoCodes.minOrderSum,
  description: promoCodes.description,
  isActive: promoCodes.isActive,
  startDate: promoCodes.startDate,
  endDate: promoCodes.endDate,
  maxUses: promoCodes.maxUses,
  usesCount: promoCodes.usesCount,
};

const FIELDS = [
  'code',
  'kind',
  'discount',
  'amount',
  'minOrderSum',
  'description',
  'isActive',
  'startDate',
  'endDate',
  'maxUses',
] as const;

/** Whole kopecks: «499,999» rubles is a typing slip, not a price. */
const inKopecks = (rubles: number) => Math.abs(rubles * 100 - Math.round(rubles * 100)) < 1e-6;

export function listPromoCodes(db: Database): Promise<Schemas['PromoCode'][]> {
  return db.select(columns).from(promoCodes).orderBy(asc(promoCodes.code));
}

const taken = (code: string) =>
  new ProductError(
    'conflict',
    'CONFLICT',
    `Промокод ${code} уже есть: коды не различаются по регистру букв`,
    [{ path: '/body/code', message: `Промокод ${code} уже есть` }],
  );

function promoValues(input: PromoInput) {
  const startDate = input.startDate ?? null;
  const endDate = input.endDate ?? null;
  if (startDate && endDate && endDate < startDate) {
    throw validationError('/body/endDate', 'Дата окончания не может быть раньше даты начала');
  }
  const description = input.description?.trim() || null;
  const kind = input.kind ?? 'PERCENT';
  // A percentage needs its percent, a fixed sum its rubles; the other figure is not kept.
  if (kind === 'PERCENT' && input.discount === undefined) {
    throw validationError('/body/discount', 'Введите скидку в процентах');
  }
  if (kind === 'AMOUNT' && (input.amount == null || !inKopecks(input.amount))) {
    throw validationError(
      '/body/amount',
      input.amount == null
        ? 'Введите скидку в рублях'
        : 'Скидка в рублях — не больше двух знаков после запятой',
    );
  }
  if (input.minOrderSum != null && !inKopecks(input.minOrderSum)) {
    throw validationError('/body/minOrderSum', 'Сумма — не больше двух знаков после запятой');
  }
  return {
    code: normalizePromoCode(input.code),
    kind,
    discount: kind === 'PERCENT' ? (input.discount ?? 0) : 0,
    amount: kind === 'AMOUNT' ? (input.amount ?? null) : null,
    minOrderSum: input.minOrderSum || null,
    description,
    startDate,
    endDate,
    maxUses: input.maxUses ?? null,
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  };
}

async function unique<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(code);
    throw error;
  }
}

export async function createPromoCode(db: Database, input: PromoInput, actor: CatalogueActor) {
  const values = promoValues(input);
  return unique(values.code, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(promoCodes).values(values).returning(columns);
      if (!row) throw new Error('insert returned nothing');
      await recordChanges(tx, { entity: 'PROMO_CODE', entityId: row.id, actor }, [
        { action: 'CREATED', newValue: row.code },
        ...fieldChanges(
          {
            kind: null,
            discount: null,
            amount: null,
            minOrderSum: null,
            startDate: null,
            endDate: null,
            maxUses: null,
          } as Record<string, unknown>,
          {
            kind: row.kind,
            discount: row.kind === 'PERCENT' ? row.discount : null,
            amount: row.amount,
            minOrderSum: row.minOrderSum,
            startDate: row.startDate,
            endDate: row.endDate,
            maxUses: row.maxUses,
          },
          ['kind', 'discount', 'amount', 'minOrderSum', 'startDate', 'endDate', 'maxUses'],
        ),
      ]);
      return row;
    }),
  );
}

export async function updatePromoCode(
  db: Database,
  input: PromoInput & { id: number },
  actor: CatalogueActor,
) {
  const values = promoValues(input);
  return unique(values.code, () =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select(columns)
        .from(promoCodes)
        .where(eq(promoCodes.id, input.id))
        .for('update');
      if (!before) throw notFound('Промокод не найден');
      const [row] = await tx
        .update(promoCodes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(promoCodes.id, input.id))
        .returning(columns);
      if (!row) throw notFound('Промокод не найден');
      await recordChanges(
        tx,
        { entity: 'PROMO_CODE', entityId: row.id, actor },
        fieldChanges(before, values, FIELDS),
      );
      return row;
    }),
  );
}

/** A code orders were placed with is switched off, not deleted: those orders keep their discount. */
export async function removePromoCode(db: Database, id: number, actor: CatalogueActor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select(columns).from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!row) throw notFound('Промокод не найден');
    const [placed] = await tx.select({ n: count() }).from(orders).where(eq(orders.promoCodeId, id));
    const used = Math.max(placed?.n ?? 0, row.usesCount);
    return hideOrDelete(tx, {
      entity: 'PROMO_CODE',
      id,
      actor,
      name: `промокод ${row.code}`,
      isActive: row.isActive,
      references: used > 0 ? [`заказы (${used})`] : [],
      hiddenOutcome: 'DEACTIVATED',
      hide: async () => {
        await tx
          .update(promoCodes)
          .set({ isActive: false, updatedAt: new Date() })
          .where(eq(promoCodes.id, id));
      },
      remove: async () => {
        await tx.delete(promoCodes).where(eq(promoCodes.id, id));
      },
    });
  });
}
