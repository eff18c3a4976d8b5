/** The staff message form's rules: lengths and the link as the contract allows them. */
import type { components } from '../../api/schema.gen';
import type { Role } from '../../domain/roles';
import { isSafeRedirect } from '../../domain/safe-redirect';

export type SentPush = components['schemas']['SentPush'];
export type PushRecipient = components['schemas']['PushRecipient'];
export type Audience = components['schemas']['PushSend']['audience'];

export const TITLE_MAX = 100;
export const BODY_MAX = 500;
export const URL_MAX = 300;
export const SENT_PAGE_SIZE = 10;

export const IDS = {
  title: 'push-title',
  body: 'push-body',
  url: 'push-url',
  audience: 'push-audience',
  role: 'push-role',
  recipient: 'push-recipient',
} as const;

export interface ComposeValues {
  title: string;
  body: string;
  url: string;
  audience: Audience;
  role: Role | '';
  recipient: PushRecipient | null;
}

export const EMPTY_MESSAGE: ComposeValues = {
  title: '',
  body: '',
  url: '/cabinet/notifications',
  audience: 'ALL',
  role: '',
  recipient: null,
};

/** Problems by field id, in Russian; empty when the message may be sent. */
export function composeProblems(values: ComposeValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!values.title.trim()) problems[IDS.title] = 'Введите заголовок';
  else if (values.title.trim().length > TITLE_MAX)
    problems[IDS.title] = `Заголовок — не длиннее ${TITLE_MAX} символов`;
  if (!values.body.trim()) problems[IDS.body] = 'Введите текст сообщения';
  else if (values.body.trim().length > BODY_MAX)
    problems[IDS.body] = `Текст — не длиннее ${BODY_MAX} символов`;
  const url = values.url.trim();
  if (url && (!isSafeRedirect(url) || /\s/.test(url) || url.length > URL_MAX))
    problems[IDS.url] = 'Ссылка — адрес внутри приложения, начинается с «/», например /cabinet/orders';
  if (values.audience === 'ROLE' && !values.role) problems[IDS.role] = 'Выберите роль';
  if (values.audience === 'USER' && !values.recipient)
    problems[IDS.recipient] = 'Найдите получателя по email и выберите его из списка';
  return problems;
}

export function sendBody(values: ComposeValues): components['schemas']['PushSend'] {
  return {
    title: values.title.trim(),
    body: values.body.trim(),
    url: values.url.trim() || null,
    audience: values.audience,
    role: values.audience === 'ROLE' && values.role ? values.role : null,
    userId: values.audience === 'USER' ? (values.recipient?.id ?? null) : null,
  };
}
