/**
 * Promo codes in the order form: the verdict the form shows (POST /api/form-settings/promocode/
 * validate) and the use an order claims inside its own transaction. The claim is one conditional
 * UPDATE, so with maxUses = 1 and any number of orders at once exactly one gets the discount.
 */
import { eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import {
  normalizePromoCode,
  PROMO_USED_UP,
  type PromoRule,
  type PromoVerdict,
  promoVerdict,
} from '../../../src/domain/promo';
import type { AppContext } from '../../app-context';
import { hit } from '../../auth/rate-limits';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { promoCodes } from '../../db/schema';
import { ProductError } from '../../errors';

export interface PromoRow extends PromoRule {
  id: number;
}

/** The columns of a PromoRow (also read by POST /api/order's single read, orders/order-reads.ts). */
export const promoRowColumns = {
  id: promoCodes.id,
  code: promoCodes.code,
  kind: promoCodes.kind,
  discount: promoCodes.discount,
  amount: promoCodes.amount,
  minOrderSum: promoCodes.minOrderSum,
  isActive: promoCodes.isActive,
  startDate: promoCodes.startDate,
  endDate: promoCodes.endDate,
  maxUses: promoCodes.maxUses,
  usesCount: promoCodes.usesCount,
};

export async function findPromo(db: Database, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select(promoRowColumns)
    .from(promoCodes)
    .where(eq(sql`upper(${promoCodes.code})`, normalizePromoCode(code)));
  return row;
}

/**
 * The form's «Применить»: whether a code applies now. Counted per client address first: without a
 * limit anyone could try every word and learn the bureau's codes (429 with Retry-After past it).
 */
export async function checkPromoFor(
  ctx: Pick<AppContext, 'db' | 'config'>,
  code: string,
  ip: string,
  orderSum?: number,
): Promise<components['schemas']['PromoValidation']> {
  await hit(ctx.db, [
    {
      key: `promo-check:ip:${ip}`,
      limit: ctx.config.limits.promoChecksPerHourPerAddress,
      windowSeconds: 60 * 60,
      message: (wait) => `Слишком много проверок промокода. Повторите через ${wait}.`,
    },
  ]);
  return validatePromo(ctx.db, code, new Date(), orderSum);
}

export async function validatePromo(
  db: Database,
  code: string,
  at = new Date(),
  orderSum?: number,
): Promise<components['schemas']['PromoValidation']> {
  const promo = await findPromo(db, code);
  const verdict = promoVerdict(promo, at, orderSum);
  if (verdict.ok) {
    const { ok: _ok, ...answer } = verdict;
    return { valid: true, ...answer };
  }
  return {
    valid: false,
    code: promo?.code ?? normalizePromoCode(code),
    kind: promo?.kind ?? 'PERCENT',
    discount: 0,
    amount: null,
    // Said when it is the reason, so the form can apply the code once the order grows.
    minOrderSum: promo?.minOrderSum ?? null,
    message: verdict.reason,
  };
}

const notApplicable = (code: string, reason: string) =>
  new ProductError('refused', 'PROMO_NOT_APPLICABLE', `Промокод ${code} не применён: ${reason}`, [
    { path: '/body/promoCode', message: reason },
  ]);

/**
 * Inside the order's transaction: the code's discount, with one use counted; 422 with the reason
 * when it does not apply (nothing is written then: the caller's transaction rolls back).
 */
export async function claimPromo(
  tx: Database,
  code: string,
  at: Date,
): Promise<{ promo: PromoRow; verdict: Extract<PromoVerdict, { ok: true }> }> {
  return claimFoundPromo(tx, await findPromo(tx, code), code, at);
}

/** claimPromo for a code whose row the caller has just read in the same transaction. */
/** One use of a code, if it has uses left; prepared once (db/prepared.ts): every order with a code claims. */
const claimUse = preparedStatement<{ id: number }, { id: number }>(
  'promo_code_claim',
  (value) => sql`update ${promoCodes} set uses_count = uses_count + 1
    where id = ${value('id')}::int and (max_uses is null or uses_count < max_uses) returning id`,
);

export async function claimFoundPromo(
  tx: Database,
  promo: PromoRow | undefined,
  code: string,
  at: Date,
  subtotal?: number,
): Promise<{ promo: PromoRow; verdict: Extract<PromoVerdict, { ok: true }> }> {
  const verdict = promoVerdict(promo, at, subtotal);
  if (!verdict.ok || !promo) throw notApplicable(normalizePromoCode(code), verdict.ok ? '' : verdict.reason);
  const claimed = await claimUse.rows(tx, { id: promo.id });
  if (claimed.length === 0) throw notApplicable(promo.code, PROMO_USED_UP);
  return { promo, verdict };
}
