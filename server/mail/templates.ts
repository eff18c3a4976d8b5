/**
 * The emails the server sends, in Russian, as plain text and HTML. A template is a function of
 * its parameters; the queue carries the template's name and (sealed) parameters, and the worker
 * renders at delivery, so a queued email always goes out in the current wording.
 */
import { ROLE_LABELS, type Role } from '../../src/domain/roles';
import { escapeHtml, letter, type RenderedEmail, textLetter } from './letter';
import { ORDER_TEMPLATES } from './order-templates';

export type { RenderedEmail };

/** What happens after an order is received: payment is in the cabinet, no link comes by mail. */
const AFTER_CHECK =
  'Менеджер проверит документы и подтвердит стоимость — мы напишем, когда заказ можно будет оплатить в личном кабинете.';

export const TEMPLATES = {
  'sign-in-code': ({ code, link }: { code: string; link: string }): RenderedEmail => ({
    subject: `Код для входа: ${code}`,
    text: textLetter([
      'Здравствуйте!',
      `Ваш код для входа в личный кабинет: ${code}\nКод действует 10 минут. Никому его не сообщайте.`,
      `Или войдите по ссылке — она действует 24 часа и срабатывает один раз:\n${link}`,
      'Если вы не запрашивали код, просто проигнорируйте это письмо.',
    ]),
    html: letter(`Код для входа: ${code}`, [
      'Здравствуйте!',
      `Ваш код для входа в личный кабинет:<br><strong style="font-size: 28px; letter-spacing: 4px">${escapeHtml(code)}</strong><br>Код действует 10 минут. Никому его не сообщайте.`,
      `Или <a href="${escapeHtml(link)}">войдите по ссылке</a> — она действует 24 часа и срабатывает один раз.`,
      'Если вы не запрашивали код, просто проигнорируйте это письмо.',
    ]),
  }),

  'order-received': ({
    number,
    amount,
    link,
    pickup,
    due,
    from,
    lines,
  }: {
    number: string;
    amount: string;
    link: string;
    /** Where the order is collected, with address and hours («в офисе «…»: …»); absent for a courier. */
    pickup?: string;
    /** The promised day («25 ноября, ср», «— срочный заказ» added when urgent). */
    due?: string;
    /** The language of the originals, lowercase («русский»). */
    from?: string;
    /** What is translated, a line per document: «Паспорт, 2 экземпляра: английский; нотариальное заверение». */
    lines?: string[];
  }): RenderedEmail => {
    const ordered = lines?.length ? `Что переводим${from ? ` (язык оригинала — ${from})` : ''}:` : undefined;
    return {
      subject: `Заказ ${number} принят`,
      text: textLetter([
        'Здравствуйте!',
        `Мы получили ваш заказ ${number} на перевод документов. Сумма: ${amount}.`,
        ...(ordered && lines ? [[ordered, ...lines.map((line) => `— ${line}`)].join('\n')] : []),
        ...(due ? [`Срок готовности — ${due}.`] : []),
        ...(pickup ? [`Готовый перевод можно будет забрать ${pickup}.`] : []),
        `${AFTER_CHECK} Статус заказа — в личном кабинете:`,
        link,
        'Чтобы войти, укажите эту почту — мы пришлём код для входа.',
      ]),
      html: letter(`Заказ ${number} принят`, [
        'Здравствуйте!',
        `Мы получили ваш заказ <strong>${escapeHtml(number)}</strong> на перевод документов. Сумма: ${escapeHtml(amount)}.`,
        ...(ordered && lines
          ? [[escapeHtml(ordered), ...lines.map((line) => `— ${escapeHtml(line)}`)].join('<br>')]
          : []),
        ...(due ? [`Срок готовности — <strong>${escapeHtml(due)}</strong>.`] : []),
        ...(pickup ? [`Готовый перевод можно будет забрать ${escapeHtml(pickup)}.`] : []),
        `${AFTER_CHECK} Статус заказа — в <a href="${escapeHtml(link)}">личном кабинете</a>.`,
        'Чтобы войти, укажите эту почту — мы пришлём код для входа.',
      ]),
    };
  },

  'access-approved': ({
    name,
    login,
    role,
    loginUrl,
  }: {
    name: string;
    login: string;
    role: Role;
    loginUrl: string;
  }): RenderedEmail => ({
    subject: 'Доступ к рабочему кабинету открыт',
    text: textLetter([
      `Здравствуйте, ${name}!`,
      `Ваша заявка на доступ одобрена. Роль: ${ROLE_LABELS[role]}. Логин: ${login}.`,
      `Войдите на странице ${loginUrl} — по коду, который придёт на этот адрес, или по паролю, если его задал администратор.`,
    ]),
    html: letter('Доступ к рабочему кабинету открыт', [
      `Здравствуйте, ${escapeHtml(name)}!`,
      `Ваша заявка на доступ одобрена. Роль: <strong>${escapeHtml(ROLE_LABELS[role])}</strong>. Логин: <strong>${escapeHtml(login)}</strong>.`,
      `<a href="${escapeHtml(loginUrl)}">Войдите в рабочий кабинет</a> — по коду, который придёт на этот адрес, или по паролю, если его задал администратор.`,
    ]),
  }),

  'access-rejected': ({ name, reason }: { name: string; reason: string }): RenderedEmail => ({
    subject: 'Заявка на доступ отклонена',
    text: textLetter([
      `Здравствуйте, ${name}!`,
      `Ваша заявка на доступ к рабочему кабинету отклонена.\nПричина: ${reason}`,
      'Если это ошибка, ответьте на это письмо.',
    ]),
    html: letter('Заявка на доступ отклонена', [
      `Здравствуйте, ${escapeHtml(name)}!`,
      `Ваша заявка на доступ к рабочему кабинету отклонена.<br>Причина: ${escapeHtml(reason)}`,
      'Если это ошибка, ответьте на это письмо.',
    ]),
  }),

  'staff-invitation': ({
    name,
    role,
    partnerName,
    link,
    invitedBy,
  }: {
    name: string;
    role: Role;
    partnerName: string | null;
    link: string;
    invitedBy: string | null;
  }): RenderedEmail => {
    const what = `${ROLE_LABELS[role]}${partnerName ? ` партнёра «${partnerName}»` : ''}`;
    const who = invitedBy ? ` (${invitedBy})` : '';
    return {
      subject: 'Приглашение в рабочий кабинет бюро переводов',
      text: textLetter([
        `Здравствуйте, ${name}!`,
        `Администратор бюро переводов${who} приглашает вас в рабочий кабинет. Роль: ${what}.`,
        `Откройте ссылку, задайте пароль — и вы сразу войдёте. Ссылка действует 72 часа и срабатывает один раз:
${link}`,
        'Потом входите со своим email и этим паролем. Если вы не ждали приглашения, просто проигнорируйте письмо.',
      ]),
      html: letter('Приглашение в рабочий кабинет', [
        `Здравствуйте, ${escapeHtml(name)}!`,
        `Администратор бюро переводов${escapeHtml(who)} приглашает вас в рабочий кабинет. Роль: <strong>${escapeHtml(what)}</strong>.`,
        `<a href="${escapeHtml(link)}">Задайте пароль</a> — и вы сразу войдёте. Ссылка действует 72 часа и срабатывает один раз.`,
        'Потом входите со своим email и этим паролем. Если вы не ждали приглашения, просто проигнорируйте письмо.',
      ]),
    };
  },

  'email-change-code': ({ code }: { code: string }): RenderedEmail => ({
    subject: `Код для смены email: ${code}`,
    text: textLetter([
      'Здравствуйте!',
      `Этот адрес указали как новый email учётной записи сотрудника. Код подтверждения: ${code}\nКод действует 10 минут. Никому его не сообщайте.`,
      'Если вы не меняли email, просто проигнорируйте это письмо: адрес не изменится.',
    ]),
    html: letter(`Код для смены email: ${code}`, [
      'Здравствуйте!',
      `Этот адрес указали как новый email учётной записи сотрудника. Код подтверждения:<br><strong style="font-size: 28px; letter-spacing: 4px">${escapeHtml(code)}</strong><br>Код действует 10 минут. Никому его не сообщайте.`,
      'Если вы не меняли email, просто проигнорируйте это письмо: адрес не изменится.',
    ]),
  }),
  ...ORDER_TEMPLATES,
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateParams<T extends TemplateName> = Parameters<(typeof TEMPLATES)[T]>[0];

export function isTemplateName(value: unknown): value is TemplateName {
  return typeof value === 'string' && Object.hasOwn(TEMPLATES, value);
}

export function renderEmail<T extends TemplateName>(template: T, params: TemplateParams<T>): RenderedEmail {
  return (TEMPLATES[template] as (p: TemplateParams<T>) => RenderedEmail)(params);
}
