/**
 * The three kinds of what the order form offers, as the back office edits them, described once:
 * for each kind its contract calls (list, add, change, remove, reorder), its fields (label;
 * money, text or delivery code; required) and its words. The calls are written against the typed
 * client with their literal paths, and the fields are keyed by the contract's own input fields —
 * every one, each of a type the contract's field takes, required exactly when the contract
 * requires it — so a change of any of these operations in openapi.yaml breaks the compiler here.
 * Pure apart from the calls, which take the client, so the forms and the tests share it.
 */
import type { ApiClient } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { moneyProblem, parseRubles, rublesForInput } from '../../domain/money';

type Schemas = components['schemas'];
export type Kind = 'DOCUMENT' | 'ASSURANCE' | 'DELIVERY';

/** Each kind's shapes in the contract: a stored item, what a form sends, where its list is read. */
interface Shapes {
  DOCUMENT: {
    item: Schemas['DocumentType'];
    input: Schemas['DocumentTypeInput'];
    list: '/api/form-settings/document';
  };
  ASSURANCE: {
    item: Schemas['Assurance'];
    input: Schemas['AssuranceInput'];
    list: '/api/form-settings/assurance';
  };
  DELIVERY: {
    item: Schemas['Delivery'];
    input: Schemas['DeliveryInput'];
    list: '/api/form-settings/delivery';
  };
}
export type ItemOf<K extends Kind> = Shapes[K]['item'];
export type InputOf<K extends Kind> = Shapes[K]['input'];
export type DocumentType = ItemOf<'DOCUMENT'>;
export type Assurance = ItemOf<'ASSURANCE'>;
export type Delivery = ItemOf<'DELIVERY'>;
export type CatalogueItem = ItemOf<Kind>;
type ReorderItems = Schemas['ReorderRequest']['items'];

/**
 * Each a contract operation on the typed client. An answer that is not the item (or list) the
 * screen expects, or a body the operation does not take, does not compile.
 */
export interface KindCalls<K extends Kind> {
  create(client: ApiClient, body: InputOf<K>): Promise<{ data?: ItemOf<K> }>;
  update(client: ApiClient, body: InputOf<K> & { id: number }): Promise<{ data?: ItemOf<K> }>;
  remove(client: ApiClient, id: number): Promise<{ data?: Schemas['DeleteResult'] }>;
  reorder(client: ApiClient, items: ReorderItems): Promise<{ data?: ItemOf<K>[] }>;
}

export type FieldType = 'text' | 'money' | 'days' | 'delivery-code';

/** The field types a value of the contract's field may be typed as. */
type FieldTypeFor<V> =
  | (number extends V ? 'money' | 'days' : never)
  | (string extends V ? 'text' : Schemas['DeliveryCode'] extends V ? 'delivery-code' : never);

/** One field of a kind's form, checked against the contract's field F of the kind's input I. */
interface Field<I, F extends keyof I> {
  label: string;
  type: FieldTypeFor<I[F]>;
  /** Exactly as the contract has it: a field it may go without is optional in the form too. */
  required: undefined extends I[F] ? false : true;
  hint?: string;
  /** The accusative and nominative for money messages: «Введите цену», «Цена не может…». */
  money?: { accusative: string; nominative: string };
  /** A days field's largest value (the contract's maximum). */
  days?: { max: number };
}

/** Every field of the contract's input but the «show in the form» flag, which every kind has. */
type FieldKey<K extends Kind> = Exclude<keyof InputOf<K>, 'isActive'> & string;

export interface KindSpec<K extends Kind> {
  title: string;
  one: string;
  add: string;
  /** Where the back office reads the kind's list (GET). */
  list: Shapes[K]['list'];
  /** In the form's order. */
  fields: { [F in FieldKey<K>]-?: Field<InputOf<K>, F> };
  calls: KindCalls<K>;
}

/** Working days as a form field: a whole number within the contract's bounds. */
const days = (label: string, max: number, hint: string) =>
  ({ label, type: 'days', required: false, hint, days: { max } }) as const;

export interface FieldSpec {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  hint?: string;
  money?: { accusative: string; nominative: string };
  days?: { max: number };
}

const NAME = (hint: string) => ({ label: 'Название', type: 'text', required: true, hint }) as const;
const PRICE = {
  label: 'Цена для клиента, ₽',
  type: 'money',
  required: true,
  money: { accusative: 'цену', nominative: 'Цена' },
} as const;
const cost = (label: string, hint?: string) =>
  ({
    label,
    type: 'money',
    required: false,
    hint: hint ?? 'Пусто — 0 ₽. Клиент её не видит.',
    money: { accusative: 'себестоимость', nominative: 'Себестоимость' },
  }) as const;

export const KINDS: { [K in Kind]: KindSpec<K> } = {
  DOCUMENT: {
    title: 'Документы',
    one: 'документ',
    add: 'Добавить документ',
    list: '/api/form-settings/document',
    fields: {
      type: NAME('Как его увидит клиент, например «Паспорт»'),
      price: PRICE,
      cost: cost('Себестоимость, ₽', 'Оплата переводчику за копию. Пусто — 0 ₽.'),
      leadDays: days(
        'Срок перевода, рабочих дней',
        60,
        'Сколько рабочих дней занимает перевод; срочный заказ — вдвое быстрее. Пусто — 2.',
      ),
    },
    calls: {
      create: (client, body) => client.POST('/api/form-settings/document', { body }),
      update: (client, body) => client.PUT('/api/form-settings/document', { body }),
      remove: (client, id) => client.DELETE('/api/form-settings/document', { params: { query: { id } } }),
      reorder: (client, items) => client.PUT('/api/form-settings/document/reorder', { body: { items } }),
    },
  },
  ASSURANCE: {
    title: 'Заверения',
    one: 'заверение',
    add: 'Добавить заверение',
    list: '/api/form-settings/assurance',
    fields: {
      type: NAME('Например «Нотариальное заверение»'),
      price: PRICE,
      cost: cost('Себестоимость, ₽'),
      costWeekday: cost('Себестоимость в будни, ₽'),
      costSaturday: cost('Себестоимость в субботу, ₽'),
      costSunday: cost('Себестоимость в воскресенье, ₽'),
      notaryDays: days(
        'Дней у нотариуса',
        30,
        'Рабочие дни нотариуса после перевода; 0 — заверяет само бюро. Пусто — 0.',
      ),
    },
    calls: {
      create: (client, body) => client.POST('/api/form-settings/assurance', { body }),
      update: (client, body) => client.PUT('/api/form-settings/assurance', { body }),
      remove: (client, id) => client.DELETE('/api/form-settings/assurance', { params: { query: { id } } }),
      reorder: (client, items) => client.PUT('/api/form-settings/assurance/reorder', { body: { items } }),
    },
  },
  DELIVERY: {
    title: 'Способы получения',
    one: 'способ получения',
    add: 'Добавить способ получения',
    list: '/api/form-settings/delivery',
    fields: {
      type: NAME('Например «Курьер по Москве»'),
      code: { label: 'Вид', type: 'delivery-code', required: true },
      price: PRICE,
      time: { label: 'Срок (необязательно)', type: 'text', required: false, hint: 'Например «1–3 дня»' },
    },
    calls: {
      create: (client, body) => client.POST('/api/form-settings/delivery', { body }),
      update: (client, body) => client.PUT('/api/form-settings/delivery', { body }),
      remove: (client, id) => client.DELETE('/api/form-settings/delivery', { params: { query: { id } } }),
      reorder: (client, items) => client.PUT('/api/form-settings/delivery/reorder', { body: { items } }),
    },
  },
};

/** The kind's fields in the form's order, each with its key. */
export function fieldsOf(kind: Kind): FieldSpec[] {
  return Object.entries(KINDS[kind].fields).map(([key, field]: [string, Omit<FieldSpec, 'key'>]) => ({
    key,
    ...field,
  }));
}

export const DELIVERY_CODES = [
  { value: 'OFFICE', label: 'Самовывоз из офиса' },
  { value: 'PICKUP_POINT', label: 'Пункт выдачи' },
  { value: 'COURIER', label: 'Курьер' },
];

/** How the history names each field, and which are money. */
export const HISTORY_NAMES = {
  labels: {
    type: 'название',
    price: 'цена',
    cost: 'себестоимость',
    costWeekday: 'себестоимость в будни',
    costSaturday: 'себестоимость в субботу',
    costSunday: 'себестоимость в воскресенье',
    code: 'вид',
    time: 'срок',
    isActive: 'показывать в форме',
    sortOrder: 'место в форме',
    leadDays: 'срок перевода (рабочих дней)',
    notaryDays: 'дней у нотариуса',
  },
  money: ['price', 'cost', 'costWeekday', 'costSaturday', 'costSunday'],
};

export type FormValues = Record<string, string> & { isActive: string };

export const fieldId = (kind: Kind, key: string) => `${kind.toLowerCase()}-${key}`;

export function initialValues(kind: Kind, item?: CatalogueItem): FormValues {
  const values: FormValues = { isActive: item ? String(item.isActive) : 'true' };
  for (const field of fieldsOf(kind)) {
    const value = item ? (item as unknown as Record<string, unknown>)[field.key] : undefined;
    values[field.key] =
      value === undefined || value === null
        ? field.key === 'code'
          ? 'COURIER'
          : ''
        : field.type === 'money'
          ? rublesForInput(Number(value))
          : String(value);
  }
  return values;
}

export function validateItem(kind: Kind) {
  return (values: FormValues): Record<string, string> => {
    const problems: Record<string, string> = {};
    for (const field of fieldsOf(kind)) {
      const text = values[field.key] ?? '';
      const id = fieldId(kind, field.key);
      if (field.type === 'text' && field.required && text.trim() === '')
        problems[id] = `Введите ${field.key === 'type' ? 'название' : field.label.toLowerCase()}`;
      if (field.type === 'text' && text.length > 200) problems[id] = 'Не длиннее 200 символов';
      if (field.type === 'money' && (field.required || text.trim() !== '') && field.money) {
        const problem = moneyProblem(text, field.money);
        if (problem) problems[id] = problem;
      }
      if (field.type === 'days' && text.trim() !== '') {
        const max = field.days?.max ?? 60;
        if (!/^\d{1,3}$/.test(text.trim()) || Number(text) > max)
          problems[id] = `Введите целое число дней от 0 до ${max}`;
      }
    }
    return problems;
  };
}

/**
 * The contract's body: names trimmed, money as numbers, empty costs 0. Built from the kind's
 * fields, which the compiler has checked are the contract's input fields, each as the contract
 * types it; hence the one assertion at the end.
 */
export function itemBody<K extends Kind>(kind: K, values: FormValues): InputOf<K> {
  const body: Record<string, unknown> = { isActive: values.isActive === 'true' };
  for (const field of fieldsOf(kind)) {
    const text = (values[field.key] ?? '').trim();
    if (field.type === 'money') body[field.key] = text === '' ? 0 : (parseRubles(text) ?? 0);
    // Left empty: the server's default (2 days of translation, no notary).
    else if (field.type === 'days') {
      if (text !== '') body[field.key] = Number(text);
    } else body[field.key] = text;
  }
  return body as InputOf<K>;
}
