/**
 * Everything POST /api/order reads before it writes, in ONE statement: the catalogue rows the
 * payload names, the delivery, the pickup point or the offices, the files, the promo code, the
 * customer's account and the urgency and calendar settings the promised date is computed from. On the embedded database every statement is a trip through WebAssembly on the one
 * connection that all requests share, so an order that read in eight statements kept the next
 * twenty waiting eight times as long (bench/: POST /api/order at 20 concurrent clients).
 * Each part is a scalar subquery building JSON, so a part with no rows costs nothing.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { CatalogAssurance, CatalogDocument } from '../../../src/domain/pricing';
import { normalizePromoCode } from '../../../src/domain/promo';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
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

export async function readOrderInputs(db: Database, query: OrderReadsQuery): Promise<OrderReads> {
  const promo = query.promoCode?.trim() ? normalizePromoCode(query.promoCode) : null;
  const statement = sql`select
    ${jsonRows(
      {
        id: documentTypes.id,
        type: documentTypes.type,
        price: documentTypes.price,
        cost: documentTypes.cost,
        leadDays: documentTypes.leadDays,
      },
      sql`${documentTypes}`,
      and(inArray(documentTypes.id, query.documentIds), eq(documentTypes.isActive, true)),
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
      and(inArray(assurances.id, query.assuranceIds), eq(assurances.isActive, true)),
    )} as assurances,
    ${jsonRows(
      { id: deliveries.id, code: deliveries.code, price: deliveries.price },
      sql`${deliveries}`,
      and(eq(deliveries.code, query.deliveryType), eq(deliveries.isActive, true)),
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
      query.pickupPointId === null
        ? sql`false`
        : and(eq(pickupPoints.id, query.pickupPointId), eq(pickupPoints.isActive, true)),
    )} as pickup_points,
    (select coalesce(json_agg(${offices.id} order by ${offices.sortOrder}, ${offices.id}), '[]'::json)
      from ${offices} where ${query.deliveryType === 'OFFICE' ? eq(offices.isActive, true) : sql`false`}) as office_ids,
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
      inArray(files.id, query.fileIds),
    )} as files,
    ${jsonRows(
      promoRowColumns,
      sql`${promoCodes}`,
      promo === null ? sql`false` : sql`upper(${promoCodes.code}) = ${promo}`,
    )} as promo_codes,
    (select ${users.id} from ${users} where lower(${users.email}) = ${query.email} limit 1) as user_id,
    ${workCalendarValue} as work_calendar`;
  const row = (await rowsOf<Record<string, unknown>>(db, statement))[0] ?? {};
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
