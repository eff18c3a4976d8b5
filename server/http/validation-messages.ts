/**
 * The contract's rules broken by a request, as Russian sentences people can act on: one problem
 * per field (the path names it, e.g. /body/phoneNumber), worded by the JSON Schema keyword that
 * failed and naming the field by its label (field-labels.ts). Ajv's English never reaches anyone:
 * a keyword without its own wording still gets a Russian sentence.
 */

import { countOf } from '../../src/domain/format';
import { INN_ERROR } from '../../src/domain/inn';
import { CONSENT_REQUIRED, SIGN_IN_CONSENT_REQUIRED } from '../../src/domain/legal-documents';
import { PHONE_ERROR } from '../../src/domain/phone';
import { fieldLabel } from './field-labels';

export interface AjvIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

export interface FieldProblem {
  path: string;
  message: string;
  keyword?: string;
  params?: unknown;
}

/** Enough for any form; a body with hundreds of broken items is not worth a longer answer. */
const MAX_PROBLEMS = 20;

const SYMBOLS: readonly [string, string, string] = ['символ', 'символа', 'символов'];
const ITEMS: readonly [string, string, string] = ['элемент', 'элемента', 'элементов'];

const TYPE_NAMES: Record<string, string> = {
  string: 'текст',
  number: 'число',
  integer: 'целое число',
  boolean: 'да или нет',
  object: 'объект',
  array: 'список',
  null: 'пусто',
};

/** Patterns people meet in forms, worded as the form itself words them. */
const PATTERN_MESSAGES: Record<string, string> = {
  phoneNumber: PHONE_ERROR,
  phone: PHONE_ERROR,
  organizationInn: INN_ERROR,
  inn: INN_ERROR,
  organizationKpp: 'КПП — это 9 цифр',
  kpp: 'КПП — это 9 цифр',
  paymentUrl: 'Ссылка на оплату должна начинаться с https://',
  metroColor: 'Цвет линии метро — в формате #RRGGBB, например #D6083B',
};

const FORMAT_MESSAGES: Record<string, (field: string) => string> = {
  email: () => 'Введите адрес электронной почты в правильном формате, например name@example.ru',
  uuid: (field) => `Поле «${field}»: неверный идентификатор`,
  date: (field) => `Поле «${field}»: дата в формате ГГГГ-ММ-ДД`,
  'date-time': (field) => `Поле «${field}»: неверные дата и время`,
  uri: (field) => `Поле «${field}»: нужна ссылка, например https://example.ru`,
  url: (field) => `Поле «${field}»: нужна ссылка, например https://example.ru`,
};

/** The issue's field: the property a `required` or `additionalProperties` issue names, else its path. */
function pathOf(part: string, issue: AjvIssue): string {
  const base = `/${part}${issue.instancePath ?? ''}`;
  const params = issue.params ?? {};
  if (issue.keyword === 'required' && typeof params.missingProperty === 'string')
    return `${base}/${params.missingProperty}`;
  if (issue.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    return `${base}/${params.additionalProperty}`;
  return base;
}

const lastName = (path: string) =>
  path
    .split('/')
    .reverse()
    .find((segment) => segment !== '' && !/^\d+$/.test(segment)) ?? '';

/**
 * A box to tick says what ticking it is for, whatever rule it broke (missing, false, not a
 * boolean): the same sentence the form shows beside the checkbox.
 */
const CHECKBOX_MESSAGES: Record<string, (operationId: string | undefined) => string> = {
  personalDataConsent: (operationId) =>
    operationId === 'authRequestCode' ? SIGN_IN_CONSENT_REQUIRED : CONSENT_REQUIRED,
};

function sentence(issue: AjvIssue, path: string, label: string, operationId?: string): string {
  const checkbox = CHECKBOX_MESSAGES[lastName(path)];
  if (checkbox) return checkbox(operationId);
  const params = issue.params ?? {};
  const limit = Number(params.limit);
  switch (issue.keyword) {
    case 'required':
      return `Заполните поле «${label}»`;
    case 'minLength':
      return limit <= 1
        ? `Заполните поле «${label}»`
        : `Поле «${label}»: не короче ${countOf(limit, SYMBOLS)}`;
    case 'maxLength':
      return `Поле «${label}»: не длиннее ${countOf(limit, SYMBOLS)}`;
    case 'pattern':
      return PATTERN_MESSAGES[lastName(path)] ?? `Поле «${label}» заполнено в неверном формате`;
    case 'format': {
      const format = String(params.format ?? '');
      return FORMAT_MESSAGES[format]?.(label) ?? `Поле «${label}» заполнено в неверном формате`;
    }
    case 'minimum':
      return `Поле «${label}»: не меньше ${limit}`;
    case 'maximum':
      return `Поле «${label}»: не больше ${limit}`;
    case 'exclusiveMinimum':
      return `Поле «${label}»: больше ${limit}`;
    case 'exclusiveMaximum':
      return `Поле «${label}»: меньше ${limit}`;
    case 'multipleOf':
      return `Поле «${label}»: кратно ${Number(params.multipleOf)}`;
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      return allowed.length > 0 && allowed.length <= 8
        ? `Поле «${label}»: выберите одно из значений ${allowed.join(', ')}`
        : `Поле «${label}»: выберите значение из списка`;
    }
    case 'const':
      return `Поле «${label}»: недопустимое значение`;
    case 'type': {
      const types = String(params.type ?? '')
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type);
      return `Поле «${label}»: ожидается ${types.join(' или ')}`;
    }
    case 'additionalProperties':
      // An unknown field has no label of ours: its own name is what the sender wrote.
      return `Поле «${String(params.additionalProperty ?? label)}» здесь не принимается: уберите его`;
    case 'minItems':
      return limit <= 1
        ? `Поле «${label}»: выберите хотя бы одно`
        : `Поле «${label}»: не меньше ${countOf(limit, ITEMS)}`;
    case 'maxItems':
      return `Поле «${label}»: не больше ${countOf(limit, ITEMS)}`;
    case 'uniqueItems':
      return `Поле «${label}»: значения не должны повторяться`;
    case 'minProperties':
      return `Поле «${label}»: укажите хотя бы одно значение`;
    default:
      return `Поле «${label}» заполнено неверно`;
  }
}

/**
 * Which issue speaks for a field when a value breaks several rules: the one that says what to do.
 * A oneOf of a value and null reports «must be null» and «must match oneOf» beside the real
 * problem; those come last.
 */
function rank(issue: AjvIssue): number {
  if (issue.keyword === 'oneOf' || issue.keyword === 'anyOf' || issue.keyword === 'if') return 3;
  if (issue.keyword === 'type' && issue.params?.type === 'null') return 2;
  if (issue.keyword === 'type') return 1;
  return 0;
}

/** What a part of the request is called when the path has no field: the body, a parameter… */
const PART_LABELS: Record<string, string> = {
  body: 'Тело запроса',
  querystring: 'Параметры запроса',
  params: 'Адрес запроса',
  headers: 'Заголовки запроса',
};

export function validationProblems(
  part: string,
  issues: readonly AjvIssue[],
  operationId?: string,
): FieldProblem[] {
  const byPath = new Map<string, { issue: AjvIssue; path: string }>();
  for (const issue of issues) {
    const path = pathOf(part, issue);
    const kept = byPath.get(path);
    if (!kept || rank(issue) < rank(kept.issue)) byPath.set(path, { issue, path });
  }
  return [...byPath.values()].slice(0, MAX_PROBLEMS).map(({ issue, path }) => {
    const label = fieldLabel(path, operationId) ?? PART_LABELS[part] ?? 'Запрос';
    return {
      path,
      message: sentence(issue, path, label, operationId),
      keyword: issue.keyword,
      params: issue.params,
    };
  });
}

/** The answer's one message: the problem itself, or the first one and how many more there are. */
export function validationMessage(problems: readonly FieldProblem[]): string {
  const [first] = problems;
  if (!first) return 'Проверьте данные запроса';
  if (problems.length === 1) return first.message;
  const more = problems.length - 1;
  return `${first.message} (и ещё ${countOf(more, ['ошибка', 'ошибки', 'ошибок'])})`;
}
