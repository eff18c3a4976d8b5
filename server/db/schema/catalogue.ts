/**
 * What the bureau offers and where: the order form's catalogue (document types, assurances,
 * deliveries, promo codes) and the places orders are handed over (offices, partners' pickup
 * points). Staff edit these in the back office; the public form reads the active ones.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { coordinate, id, moment, money, percent, timestamps } from './columns';
import {
  catalogueActionEnum,
  catalogueEntityEnum,
  deliveryCodeEnum,
  pickupPointTypeEnum,
  promoKindEnum,
  roleEnum,
} from './enums';

export const partners = pgTable('partners', {
  id: id(),
  name: text('name').notNull(),
  /** Percent of the order amount paid to the partner. */
  commission: percent('commission').notNull().default(0),
  /** False once removed while orders, points or users refer to it: kept for them, offered nowhere. */
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const offices = pgTable('offices', {
  id: id(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  schedule: text('schedule').notNull(),
  phone: text('phone'),
  email: text('email'),
  lat: coordinate('lat').notNull(),
  lon: coordinate('lon').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: id(),
    /** The courier service's own code of the point (COURIER_SERVICE points). */
    code: text('code'),
    name: text('name').notNull(),
    schedule: text('schedule').notNull(),
    address: text('address').notNull(),
    lat: coordinate('lat').notNull(),
    lon: coordinate('lon').notNull(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    description: text('description'),
    email: text('email'),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    type: pickupPointTypeEnum('type').notNull().default('PARTNER'),
    metro: text('metro'),
    /** The metro line's colour, #RRGGBB. */
    metroColor: text('metro_color'),
    ...timestamps,
  },
  (t) => [
    index('pickup_points_partner_idx').on(t.partnerId),
    index('pickup_points_active_idx').on(t.isActive),
    uniqueIndex('pickup_points_type_code_unique').on(t.type, t.code).where(sql`${t.code} is not null`),
  ],
);

export const documentTypes = pgTable('document_types', {
  id: id(),
  /** The document's name as the form shows it, e.g. Паспорт. */
  type: text('type').notNull(),
  price: money('price').notNull(),
  /** What the translation costs the bureau (translator's fee); never public. */
  cost: money('cost').notNull().default(0),
  /** Working days the translation takes (src/domain/due-date.ts). */
  leadDays: integer('lead_days').notNull().default(2),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const assurances = pgTable('assurances', {
  id: id(),
  type: text('type').notNull(),
  price: money('price').notNull(),
  cost: money('cost').notNull().default(0),
  /** Notaries charge by the day of the week; src/domain/pricing.ts picks the right one. */
  costWeekday: money('cost_weekday').notNull().default(0),
  costSaturday: money('cost_saturday').notNull().default(0),
  costSunday: money('cost_sunday').notNull().default(0),
  /** The notary's working days the assurance adds after the translation; 0 for the bureau's own. */
  notaryDays: integer('notary_days').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const deliveries = pgTable('deliveries', {
  id: id(),
  type: text('type').notNull(),
  code: deliveryCodeEnum('code').notNull(),
  price: money('price').notNull().default(0),
  /** Delivery time as the customer reads it, e.g. «1–3 дня». */
  time: text('time').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    code: text('code').notNull(),
    /** Codes made before fixed sums existed are percentages. */
    kind: promoKindEnum('kind').notNull().default('PERCENT'),
    /** Percent off (PERCENT); 0 for a fixed sum. */
    discount: percent('discount').notNull(),
    /** Rubles off (AMOUNT); null for a percentage. */
    amount: money('amount'),
    /** The documents' sum an order needs for the code to apply; null — any order. */
    minOrderSum: money('min_order_sum'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    maxUses: integer('max_uses'),
    /** Kept in step with promo_code_uses inside the order transaction, so limits hold under load. */
    usesCount: integer('uses_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('promo_codes_code_unique').on(sql`upper(${t.code})`)],
);

/**
 * Who changed which catalogue record and how, one row per field (the record as a whole for a
 * creation or a deletion). No foreign key on purpose: the entries outlive the record they tell
 * about, and the actor's email and role are copied for the same reason.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: id(),
    entity: catalogueEntityEnum('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: catalogueActionEnum('action').notNull(),
    field: text('field'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    actorRole: roleEnum('actor_role'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [index('catalogue_changes_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);
