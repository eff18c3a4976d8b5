/**
 * The three kinds of what the order form offers, as the back office edits them: their API paths,
 * their fields (label, money or text, required) and how their history names the fields. Pure,
 * so the forms and the tests share one description.
 */
import type { components } from '../../api/schema.gen';
import { moneyProblem, parseRubles, rublesForInput } from '../../domain/money';

type Schemas = components['schemas'];
export type Kind = 'DOCUMENT' | 'ASSURANCE' | 'DELIVERY';
export type DocumentType = Schemas['DocumentType'];
export type Assurance = Schemas['Assurance'];
export type Delivery = Schemas['Delivery'];
export type CatalogueItem = DocumentType | Assurance | Delivery;

export const PATHS = {
  DOCUMENT: '/api/form-settings/document',
  ASSURANCE: '/api/form-settings/assurance',
  DELIVERY: '/api/form-settings/delivery',
} as const;

export const REORDER_PATHS = {
  DOCUMENT: '/api/form-settings/document/reorder',
  ASSURANCE: '/api/form-settings/assurance/reorder',
  DELIVERY: '/api/form-settings/delivery/reorder',
} as const;

export interface FieldSpec {
  key: string;
  label: string;
  type: 'text' | 'money' | 'delivery-code';
  required: boolean;
  hint?: string;
  /** The accusative and nominative for money messages: «Введите цену», «Цена не может…». */
  money?: { accusative: string; nominative: string };
}

const NAME = (hint: string): FieldSpec => ({
  key: 'type',
  label: 'Название',
  type: 'text',
  required: true,
  hint,
});
const PRICE: FieldSpec = {
  key: 'price',
  label: 'Цена для клиента, ₽',
  type: 'money',
  required: true,
  money: { accusative: 'цену', nominative: 'Цена' },
};
const cost = (key: string, label: string, hint?: string): FieldSpec => ({
  key,
  label,
  type: 'money',
  required: false,
  hint: hint ?? 'Пусто — 0 ₽. Клиент её не видит.',
  money: { accusative: 'себестоимость', nominative: 'Себестоимость' },
});

export const KINDS: Record<
  Kind,
  { title: string; one: string; add: string; fields: FieldSpec[]; entity: Kind }
> = {
  DOCUMENT: {
    title: 'Документы',
    one: 'документ',
    add: 'Добавить документ',
    entity: 'DOCUMENT',
    fields: [
      NAME('Как его увидит клиент, например «Паспорт»'),
      PRICE,
      cost('cost', 'Себестоимость, ₽', 'Оплата переводчику за копию. Пусто — 0 ₽.'),
    ],
  },
  ASSURANCE: {
    title: 'Заверения',
    one: 'заверение',
    add: 'Добавить заверение',
    entity: 'ASSURANCE',
    fields: [
      NAME('Например «Нотариальное заверение»'),
      PRICE,
      cost('cost', 'Себестоимость, ₽'),
      cost('costWeekday', 'Себестоимость в будни, ₽'),
      cost('costSaturday', 'Себестоимость в субботу, ₽'),
      cost('costSunday', 'Себестоимость в воскресенье, ₽'),
    ],
  },
  DELIVERY: {
    title: 'Способы получения',
    one: 'способ получения',
    add: 'Добавить способ получения',
    entity: 'DELIVERY',
    fields: [
      NAME('Например «Курьер по Москве»'),
      { key: 'code', label: 'Вид', type: 'delivery-code', required: true },
      PRICE,
      {
        key: 'time',
        label: 'Срок (необязательно)',
        type: 'text',
        required: false,
        hint: 'Например «1–3 дня»',
      },
    ],
  },
};

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
  },
  money: ['price', 'cost', 'costWeekday', 'costSaturday', 'costSunday'],
};

export type FormValues = Record<string, string> & { isActive: string };

export const fieldId = (kind: Kind, key: string) => `${kind.toLowerCase()}-${key}`;

export function initialValues(kind: Kind, item?: CatalogueItem): FormValues {
  const values: FormValues = { isActive: item ? String(item.isActive) : 'true' };
  for (const field of KINDS[kind].fields) {
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
    for (const field of KINDS[kind].fields) {
      const text = values[field.key] ?? '';
      const id = fieldId(kind, field.key);
      if (field.type === 'text' && field.required && text.trim() === '')
        problems[id] = `Введите ${field.key === 'type' ? 'название' : field.label.toLowerCase()}`;
      if (field.type === 'text' && text.length > 200) problems[id] = 'Не длиннее 200 символов';
      if (field.type === 'money' && (field.required || text.trim() !== '') && field.money) {
        const problem = moneyProblem(text, field.money);
        if (problem) problems[id] = problem;
      }
    }
    return problems;
  };
}

/** The contract's body: names trimmed, money as numbers, empty costs 0 (spec 5). */
export function itemBody(kind: Kind, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { isActive: values.isActive === 'true' };
  for (const field of KINDS[kind].fields) {
    const text = (values[field.key] ?? '').trim();
    if (field.type === 'money') body[field.key] = text === '' ? 0 : (parseRubles(text) ?? 0);
    else body[field.key] = text;
  }
  return body;
}
