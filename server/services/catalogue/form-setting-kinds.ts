/**
 * The three kinds of what the order form offers — document types, assurances, deliveries —
 * described once: each kind's table, its contract operations, its fields (every field of the
 * contract's input, with how a request's value is read), what the public form gets of it, what
 * refers to it, and its words. form-settings.ts, form-params.ts and the form-settings handlers
 * derive their work from this table; the types below tie it to the contract, so a change of any
 * of the kinds' operations or fields in openapi.yaml breaks the compiler here.
 */
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  assurances,
  deliveries,
  documentTypes,
  orderDocumentAssurances,
  orderDocuments,
  orders,
} from '../../db/schema';
import type { AnswerOf, BodyOf, OperationId, QueryOf } from '../../operation-types';

export type FormSettingKind = 'DOCUMENT' | 'ASSURANCE' | 'DELIVERY';

/** Each kind's operations in the contract: its list, add, change, remove and reorder. */
export const FORM_SETTING_OPERATIONS = {
  DOCUMENT: {
    list: 'listDocumentSettings',
    create: 'createDocumentSetting',
    update: 'updateDocumentSetting',
    remove: 'deleteDocumentSetting',
    reorder: 'reorderDocumentSettings',
  },
  ASSURANCE: {
    list: 'listAssuranceSettings',
    create: 'createAssuranceSetting',
    update: 'updateAssuranceSetting',
    remove: 'deleteAssuranceSetting',
    reorder: 'reorderAssuranceSettings',
  },
  DELIVERY: {
    list: 'listDeliverySettings',
    create: 'createDeliverySetting',
    update: 'updateDeliverySetting',
    remove: 'deleteDeliverySetting',
    reorder: 'reorderDeliverySettings',
  },
} as const satisfies Record<
  FormSettingKind,
  Record<'list' | 'create' | 'update' | 'remove' | 'reorder', OperationId>
>;

export type OperationsOf<K extends FormSettingKind> = (typeof FORM_SETTING_OPERATIONS)[K];
/** What a request sends to add an item of the kind. */
export type InputOf<K extends FormSettingKind> = BodyOf<OperationsOf<K>['create']>;
/** An item of the kind as the back office gets it. */
export type ItemOf<K extends FormSettingKind> = AnswerOf<OperationsOf<K>['create']>;
/** An active item as the public order form gets it. */
export type PublicItemOf<K extends FormSettingKind> = AnswerOf<'getFormParams'>[CatalogueKey<K>][number];

/**
 * How a request's value becomes the row's: `name` trimmed, not empty and not another item's of the
 * kind (letter case and spaces aside, hidden items included), `money` read as rubles
 * («1200,50» too), `text` trimmed, `as-is` taken as the contract validated it. Optional fields a
 * request leaves out keep their stored value on a change (their column's default on an add).
 */
export type FieldRule = 'name' | 'money' | 'text' | 'as-is';

const TABLES = { DOCUMENT: documentTypes, ASSURANCE: assurances, DELIVERY: deliveries } as const;
const CATALOGUE_KEYS = { DOCUMENT: 'documents', ASSURANCE: 'assurances', DELIVERY: 'deliveries' } as const;
type CatalogueKey<K extends FormSettingKind> = (typeof CATALOGUE_KEYS)[K];

export interface FormSettingKindSpec<K extends FormSettingKind> {
  table: (typeof TABLES)[K];
  operations: OperationsOf<K>;
  /** Where the public catalogue (GET /api/order/form-params) lists the kind's active items. */
  catalogueKey: CatalogueKey<K>;
  /** Every field of the contract's input, in the form's order; changes are recorded in it. */
  fields: { [F in keyof InputOf<K>]-?: FieldRule };
  /** What the public form gets of an item: every field of the contract's public item. */
  publicFields: { [F in keyof PublicItemOf<K>]-?: true };
  /** Said when the name is left empty. */
  nameMissing: string;
  /** Said beside the name when another item of the kind has it (`hidden`: not shown in the form). */
  nameTaken: (name: string, hidden: boolean) => string;
  notFound: string;
  /** How removals name an item: «документ «Паспорт»». */
  named: (name: string) => string;
  /** How many order rows refer to the item: such an item is hidden, never deleted. */
  references: (tx: Database, id: number) => Promise<number>;
}

const counted = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

export const FORM_SETTING_KINDS: { [K in FormSettingKind]: FormSettingKindSpec<K> } = {
  DOCUMENT: {
    table: documentTypes,
    operations: FORM_SETTING_OPERATIONS.DOCUMENT,
    catalogueKey: 'documents',
    fields: { type: 'name', price: 'money', cost: 'money', leadDays: 'as-is', isActive: 'as-is' },
    publicFields: { id: true, type: true, price: true, leadDays: true },
    nameMissing: 'Введите название документа',
    nameTaken: (name, hidden) =>
      `Документ «${name}» уже есть${hidden ? ': он скрыт из формы — покажите его снова' : ''}`,
    notFound: 'Тип документа не найден',
    named: (name) => `документ «${name}»`,
    references: (tx, id) =>
      counted(tx.select({ n: count() }).from(orderDocuments).where(eq(orderDocuments.documentId, id))),
  },
  ASSURANCE: {
    table: assurances,
    operations: FORM_SETTING_OPERATIONS.ASSURANCE,
    catalogueKey: 'assurances',
    fields: {
      type: 'name',
      price: 'money',
      cost: 'money',
      costWeekday: 'money',
      costSaturday: 'money',
      costSunday: 'money',
      notaryDays: 'as-is',
      isActive: 'as-is',
    },
    publicFields: { id: true, type: true, price: true, notaryDays: true },
    nameMissing: 'Введите название заверения',
    nameTaken: (name, hidden) =>
      `Заверение «${name}» уже есть${hidden ? ': оно скрыто из формы — покажите его снова' : ''}`,
    notFound: 'Заверение не найдено',
    named: (name) => `заверение «${name}»`,
    references: (tx, id) =>
      counted(
        tx
          .select({ n: count() })
          .from(orderDocumentAssurances)
          .where(eq(orderDocumentAssurances.assuranceId, id)),
      ),
  },
  DELIVERY: {
    table: deliveries,
    operations: FORM_SETTING_OPERATIONS.DELIVERY,
    catalogueKey: 'deliveries',
    fields: { type: 'name', code: 'as-is', price: 'money', time: 'text', isActive: 'as-is' },
    publicFields: { id: true, type: true, code: true, price: true, time: true },
    nameMissing: 'Введите название способа получения',
    nameTaken: (name, hidden) =>
      `Способ получения «${name}» уже есть${hidden ? ': он скрыт из формы — покажите его снова' : ''}`,
    notFound: 'Способ получения не найден',
    named: (name) => `способ получения «${name}»`,
    references: (tx, id) => counted(tx.select({ n: count() }).from(orders).where(eq(orders.deliveryId, id))),
  },
};

/** Mutual assignability: the two types accept the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * What the code derived from this table relies on, checked against the contract for each kind:
 * an item is its id, the input's fields and its place in the form (so answers are made from the
 * fields); the list and the reorder answer a list of items, the change an item; a change sends
 * the input and the id; a removal names the id in the query.
 */
type KindAgreesWithContract<K extends FormSettingKind> = [
  Same<keyof ItemOf<K>, keyof InputOf<K> | 'id' | 'sortOrder'>,
  Same<AnswerOf<OperationsOf<K>['list']>, ItemOf<K>[]>,
  Same<AnswerOf<OperationsOf<K>['reorder']>, ItemOf<K>[]>,
  Same<AnswerOf<OperationsOf<K>['update']>, ItemOf<K>>,
  Same<BodyOf<OperationsOf<K>['update']>, InputOf<K> & { id: number }>,
  Same<QueryOf<OperationsOf<K>['remove']>, { id: number }>,
] extends [true, true, true, true, true, true]
  ? true
  : false;
export const KINDS_AGREE_WITH_CONTRACT: { [K in FormSettingKind]: KindAgreesWithContract<K> } = {
  DOCUMENT: true,
  ASSURANCE: true,
  DELIVERY: true,
};
