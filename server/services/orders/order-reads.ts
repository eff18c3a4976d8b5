/**
 * Everything POST /api/order reads before it writes, in ONE statement: the catalogue rows the
 * payload names, the delivery, the pickup point or the offices, the files, the promo code, the
 * customer's account and the urgency and calendar settings the promised date is computed from. On the embedded database every statement is a trip through WebAssembly on the one
 * connection that all requests share, so an order that read in eight statements kept the next
 * twenty waiting eight times as long (bench/: POST /api/order at 20 concurrent clients).
 * Each part is a scalar subquery building JSON, so a part with no rows costs nothing. The text is
 * built once and prepared (db/prepared.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { CatalogAssurance, CatalogDocument } from '../../../src/domain/pricing';
import { normalizePromoCode } from '../../../src/domain/promo';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import {
  assurances,
  deliveries,
  documentTypes,
  files,
  offices,
  partners,
  pickupPoints,
  promoCodes,
  users,
} from '../../db/schema';
import { type PromoRow, promoRowColumns } from '../catalogue/promo-codes';
import { type WorkCalendarSettings, workCalendarOf, workCalendarValue } from '../catalogue/work-calendar';

type DeliveryType = components['schemas']['OrderCreate']['deliveryType'];

export interface OrderReads {
  documents: (CatalogDocument & { leadDays: number })[];
  assurances: (CatalogAssurance & { notaryDays: number })[];
  /** Active deliveries of the chosen type, by id. */
  deliveries: { id: number; code: DeliveryType; price: number }[];
  pickupPoint: {
    id: number;
    name: string;
    code: string | null;
    partnerId: number | null;
    /** The partner's commission rate now, kept on the order (orders.partner_commission). */
    partnerCommission: number | null;
  } | null;
  /** For an office pickup: the active offices' ids, in the order the form lists them. */
  officeIds: number[];
  files: {
    id: string;
    orderId: number | null;
    ownerUserId: number | null;
    kind: string;
    name: string;
    size: number;
    mime: string;
  }[];
  promo: PromoRow | null;
  /** The account of this (normalised) email, when there is one. */
  userId: number | null;
  /** Urgency and the bureau's calendar (the defaults when an ADMIN never saved them). */
  calendar: WorkCalendarSettings;
}

export interface OrderReadsQuery {
  documentIds: number[];
  assuranceIds: number[];
  deliveryType: DeliveryType;
  pickupPointId: number | null;
  fileIds: string[];
  promoCode: string | null;
  email: string;
}

/** `json_agg` of one object per row, '[]' when there is none. */
const jsonRows = (fields: Record<string, SQL | unknown>, from: SQL, where: SQL | undefined, orderBy?: SQL) =>
  sql`(select coalesce(json_agg(${objectOf(fields)}${orderBy ? sql` order by ${orderBy}` : sql``}), '[]'::json) from ${from} where ${where})`;

function objectOf(fields: Record<string, SQL | unknown>): SQL {
  const pairs = Object.entries(fields).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

type ReadValues = Omit<OrderReadsQuery, 'promoCode'> & { promo: string | null };

/** One text for every order: lists travel as arrays and absent choices as nulls (prepared.ts). */
const orderInputs = preparedStatement<ReadValues, Record<string, unknown>>(
  'order_inputs',
  (value) => sql`select
    ${jsonRows(
      {
        id: documentTypes.id,
        type: documentTypes.type,
        price: documentTypes.price,
        cost: documentTypes.cost,
        leadDays: documentTypes.leadDays,
      },
      sql`${documentTypes}`,
      sql`${documentTypes.id} = any(${value('documentIds')}::int[]) and ${documentTypes.isActive}`,
    )} as documents,
    ${jsonRows(
      {
        id: assurances.id,
        type: assurances.type,
        price: assurances.price,
        costWeekday: assurances.costWeekday,
        costSaturday: assurances.costSaturday,
        costSunday: assurances.costSunday,
        notaryDays: assurances.notaryDays,
      },
      sql`${assurances}`,
      sql`${assurances.id} = any(${value('assuranceIds')}::int[]) and ${assurances.isActive}`,
    )} as assurances,
    ${jsonRows(
      { id: deliveries.id, code: deliveries.code, price: deliveries.price },
      sql`${deliveries}`,
      sql`${deliveries.code}::text = ${value('deliveryType')}::text and ${deliveries.isActive}`,
      sql`${deliveries.id}`,
    )} as deliveries,
    ${jsonRows(
      {
        id: pickupPoints.id,
        name: pickupPoints.name,
        code: pickupPoints.code,
        partnerId: pickupPoints.partnerId,
        partnerCommission: sql`(select ${partners.commission} from ${partners} where ${partners.id} = ${pickupPoints.partnerId})`,
      },
      sql`${pickupPoints}`,
      // Null (no pickup point asked for) matches nothing.
      sql`${pickupPoints.id} = ${value('pickupPointId')}::int and ${pickupPoints.isActive}`,
    )} as pickup_points,
    (select coalesce(json_agg(${offices.id} order by ${offices.sortOrder}, ${offices.id}), '[]'::json)
      from ${offices} where ${value('deliveryType')}::text = 'OFFICE' and ${offices.isActive}) as office_ids,
    ${jsonRows(
      {
        id: files.id,
        orderId: files.orderId,
        ownerUserId: files.ownerUserId,
        kind: files.kind,
        name: files.name,
        size: files.size,
        mime: files.mime,
      },
      sql`${files}`,
      sql`${files.id} = any(${value('fileIds')}::uuid[])`,
    )} as files,
    ${jsonRows(promoRowColumns, sql`${promoCodes}`, sql`upper(${promoCodes.code}) = ${value('promo')}::text`)} as promo_codes,
    (select ${users.id} from ${users} where lower(${users.email}) = ${value('email')}::text limit 1) as user_id,
    ${workCalendarValue} as work_calendar`,
);

export async function readOrderInputs(db: Database, query: OrderReadsQuery): Promise<OrderReads> {
  const { promoCode, ...values } = query;
  const promo = promoCode?.trim() ? normalizePromoCode(promoCode) : null;
  const row = (await orderInputs.rows(db, { ...values, promo }))[0] ?? {};
  const list = <T>(value: unknown): T[] =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];
  return {
    documents: list(row.documents),
    assurances: list(row.assurances),
    deliveries: list(row.deliveries),
    pickupPoint: list<OrderReads['pickupPoint']>(row.pickup_points)[0] ?? null,
    officeIds: list<number>(row.office_ids),
    files: list(row.files),
    promo: list<PromoRow>(row.promo_codes)[0] ?? null,
    userId: row.user_id === null || row.user_id === undefined ? null : Number(row.user_id),
    calendar: workCalendarOf(
      typeof row.work_calendar === 'string' ? JSON.parse(row.work_calendar) : row.work_calendar,
    ),
  };
}
