/**
 * The mails of an order's life after «order received»: each status the customer acts on or waits
 * for, and the two reminders. They take one parameter shape, read from the order when the mail is
 * sent (server/services/orders/order-mail.ts), so the queue carries only the template's name and
 * the order's id. Each letter is written once as parts and rendered to text and HTML alike.
 */
import { countRu } from '../../src/domain/format';
import { nameAfterKind } from '../../src/domain/place-names';
import { escapeHtml, letter, type RenderedEmail, textLetter } from './letter';

/** Where the customer collects the order: an office of the bureau or a pickup point. */
export interface CollectionPlace {
  kind: 'office' | 'pickup-point';
  name: string;
  address: string;
  schedule: string;
  phone: string | null;
  /** How to find the entrance («Как найти» on the pickup point's card). */
  howToFind: string | null;
}

export interface OrderMailParams {
  number: string;
  /** The order's page in the cabinet. */
  link: string;
  amount: string;
  /** The company's name when a company pays (by invoice). */
  company: string | null;
  delivery: 'OFFICE' | 'PICKUP_POINT' | 'COURIER';
  place: CollectionPlace | null;
  /** The courier's destination. */
  address: string | null;
  /** The courier service's parcel, once registered. */
  tracking: { number: string; url: string } | null;
  /** What staff wrote with the status change (a cancellation's reason, a note on the price). */
  comment: string | null;
  /** The money had come in: a cancellation then means a refund. */
  paid: boolean;
  /** Reminders: days the order has waited for the customer. */
  waitingDays: number | null;
  /** The promised day as people read it («25 ноября, ср»), when the order has one. */
  dueDate: string | null;
  /** How the amount adds up, row by row (a quote's mail lists it); empty for the others. */
  breakdown: readonly { label: string; amount: string }[];
  /** The finished translation's mail: the files of the latest upload and the note staff wrote. */
  results: { files: string[]; note: string | null } | null;
  /** The mail of the bureau's unread messages: what they say, when, and the names of their files. */
  messages: { text: string; at: string; files: string[] }[];
  /** The refund mails: the refund, as it is when the mail is sent. */
  refund: RefundFacts | null;
}

export interface RefundFacts {
  /** Rubles as written («2 140 ₽»). */
  amount: string;
  reason: string;
  /** When the money arrives, by how the order was paid (src/domain/refunds.ts). */
  arrival: string;
}

type Part = string | { strong: string } | { href: string; label: string };
type Paragraph = string | Part[];

function partText(part: Part): string {
  if (typeof part === 'string') return part;
  if ('strong' in part) return part.strong;
  return `${part.label}: ${part.href}`;
}

function partHtml(part: Part): string {
  if (typeof part === 'string') return escapeHtml(part).replaceAll('\n', '<br>');
  if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
  return `<a href="${escapeHtml(part.href)}">${escapeHtml(part.label)}</a>`;
}

function render(subject: string, paragraphs: Paragraph[]): RenderedEmail {
  // A paragraph a letter leaves empty (no comment, no tracking yet) is left out.
  const parts = paragraphs
    .map((p) => (typeof p === 'string' ? [p] : p))
    .filter((p) => p.map(partText).join('') !== '');
  return {
    subject,
    text: textLetter(parts.map((p) => p.map(partText).join(''))),
    html: letter(
      subject,
      parts.map((p) => p.map(partHtml).join('')),
    ),
  };
}

const cabinet = (p: OrderMailParams): Part => ({ href: p.link, label: 'Открыть заказ в личном кабинете' });

function placeLines(place: CollectionPlace): Part[] {
  return [
    { strong: place.name },
    `\nАдрес: ${place.address}\nЧасы работы: ${place.schedule}`,
    place.phone ? `\nТелефон: ${place.phone}` : '',
    place.howToFind ? `\nКак найти: ${place.howToFind}` : '',
  ];
}

/**
 * What to bring to collect an order: said by the mails of an order waiting for its customer, the
 * tracking page and Telegram alike.
 */
export function whatToBringText(order: { number: string; company: string | null }): string {
  const person = 'паспорт или другой документ, удостоверяющий личность';
  return order.company
    ? `${person}, доверенность от ${order.company} и номер заказа ${order.number}.`
    : `${person} и номер заказа ${order.number}. Забрать заказ за вас можно по нотариальной доверенности.`;
}

const whatToBring = (p: OrderMailParams) => `Что взять с собой: ${whatToBringText(p)}`;

function trackingLine(p: OrderMailParams): Part[] {
  return p.tracking
    ? [
        'Номер отправления: ',
        { strong: p.tracking.number },
        '\n',
        { href: p.tracking.url, label: 'Отследить' },
      ]
    : [];
}

const dueLine = (p: OrderMailParams): string => (p.dueDate ? `Срок готовности — ${p.dueDate}.` : '');

export const ORDER_TEMPLATES = {
  'order-quoted': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number}: стоимость рассчитана`, [
      'Здравствуйте!',
      ['Менеджер рассчитал стоимость заказа ', { strong: p.number }, ':'],
      p.breakdown.map((row) => `${row.label} — ${row.amount}`).join('\n'),
      ['К оплате: ', { strong: p.amount }, '.'],
      p.comment ? `Комментарий менеджера: ${p.comment}` : '',
      dueLine(p),
      p.company
        ? [`Счёт для ${p.company} можно сформировать в личном кабинете. `, cabinet(p)]
        : ['Оплатить картой или отменить заказ можно в личном кабинете. ', cabinet(p)],
      'Переводчик приступит к работе сразу после оплаты.',
    ]),

  'order-changed': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number} изменён`, [
      'Здравствуйте!',
      [
        'Менеджер изменил заказ ',
        { strong: p.number },
        ' по вашей просьбе. Сумма заказа: ',
        { strong: p.amount },
        '.',
      ],
      dueLine(p),
      ['Что изменилось, видно в истории заказа в личном кабинете. ', cabinet(p)],
    ]),

  'order-payment-due': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number}: стоимость подтверждена`, [
      'Здравствуйте!',
      [
        'Менеджер проверил документы по заказу ',
        { strong: p.number },
        '. К оплате: ',
        { strong: p.amount },
        '.',
      ],
      p.comment ? `Комментарий менеджера: ${p.comment}` : '',
      dueLine(p),
      p.company
        ? [`Счёт для ${p.company} можно сформировать в личном кабинете. `, cabinet(p)]
        : ['Оплатить картой можно в личном кабинете. ', cabinet(p)],
      'Переводчик приступит к работе сразу после оплаты.',
    ]),

  'order-paid': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number} оплачен`, [
      'Здравствуйте!',
      ['Оплата по заказу ', { strong: p.number }, ` получена (${p.amount}). Заказ передан переводчику.`],
      dueLine(p),
      'Мы напишем, когда перевод будет готов.',
      [cabinet(p)],
    ]),

  'order-ready': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number}: перевод готов`, ['Здравствуйте!', ...readyParagraphs(p), [cabinet(p)]]),

  'order-in-delivery': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number} передан в доставку`, [
      'Здравствуйте!',
      [
        'Заказ ',
        { strong: p.number },
        p.delivery === 'COURIER' && p.address
          ? ` передан в курьерскую службу и едет по адресу: ${p.address}.`
          : p.place
            ? ` передан в доставку в пункт выдачи ${nameAfterKind(p.place.name, 'PICKUP_POINT')}. Мы напишем, когда его можно будет забрать.`
            : ' передан в доставку.',
      ],
      trackingLine(p),
      [cabinet(p)],
    ]),

  'order-at-pickup-point': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number} ждёт вас в пункте выдачи`, [
      'Здравствуйте!',
      ['Заказ ', { strong: p.number }, ' доставлен и ждёт вас.'],
      p.place ? placeLines(p.place) : 'Адрес пункта выдачи — в личном кабинете.',
      whatToBring(p),
      [cabinet(p)],
    ]),

  'order-completed': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number} выполнен`, [
      'Здравствуйте!',
      ['Заказ ', { strong: p.number }, ' выполнен. Спасибо, что выбрали нас!'],
      p.company
        ? 'Акт выполненных работ можно сформировать в личном кабинете; подписанный экземпляр загрузите туда же.'
        : 'Если понадобится перевести ещё документы, заказ можно повторить в личном кабинете.',
      [cabinet(p)],
    ]),

  'order-cancelled': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number} отменён`, [
      'Здравствуйте!',
      ['Заказ ', { strong: p.number }, ' отменён.'],
      p.comment ? `Причина: ${p.comment}` : '',
      p.paid
        ? 'Оплата по заказу поступала: менеджер свяжется с вами, чтобы вернуть деньги.'
        : 'Если это ошибка, ответьте на это письмо или оформите заказ заново.',
    ]),

  'refund-made': (p: OrderMailParams): RenderedEmail =>
    render(`Возврат по заказу ${p.number}${p.refund ? `: ${p.refund.amount}` : ''}`, [
      'Здравствуйте!',
      p.refund
        ? [
            'Заказ ',
            { strong: p.number },
            ' отменён, и мы оформили возврат ',
            { strong: p.refund.amount },
            '.',
          ]
        : ['Заказ ', { strong: p.number }, ' отменён, и мы оформили возврат.'],
      p.refund ? `Причина: ${p.refund.reason}` : '',
      p.refund?.arrival ?? '',
      'Мы напишем, когда платёжный сервис подтвердит возврат.',
      [cabinet(p)],
    ]),

  'refund-succeeded': (p: OrderMailParams): RenderedEmail =>
    render(`Возврат по заказу ${p.number} выполнен`, [
      'Здравствуйте!',
      refundOfOrder(p, 'Возврат', ' выполнен: платёжный сервис отправил деньги в ваш банк.'),
      p.refund?.arrival ?? '',
      [cabinet(p)],
    ]),

  'refund-failed': (p: OrderMailParams): RenderedEmail =>
    render(`Возврат по заказу ${p.number} не прошёл`, [
      'Здравствуйте!',
      refundOfOrder(p, 'Платёжный сервис отклонил возврат', '.'),
      'Мы свяжемся с вами, чтобы вернуть деньги другим способом, например переводом на ваш банковский счёт. Чтобы ускорить возврат, ответьте на это письмо и укажите реквизиты счёта.',
      [cabinet(p)],
    ]),

  'order-results': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number}: готовый перевод в личном кабинете`, [
      'Здравствуйте!',
      [
        'Бюро загрузило готовый перевод по заказу ',
        { strong: p.number },
        p.results?.files.length ? `: ${p.results.files.join(', ')}.` : '.',
      ],
      p.results?.note ? `Комментарий бюро: ${p.results.note}` : '',
      ['Скачать файлы можно в личном кабинете, в разделе «Готовый перевод». ', cabinet(p)],
      'Сохраните их у себя: после закрытия заказа файлы хранятся на сервере ограниченное время.',
    ]),

  'order-messages': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number}: ${p.messages.length > 1 ? 'новые сообщения' : 'новое сообщение'} от бюро`, [
      'Здравствуйте!',
      ['Бюро написало вам по заказу ', { strong: p.number }, ':'],
      ...p.messages.map((message) => [
        { strong: message.at },
        message.text ? `\n${message.text}` : '',
        message.files.length ? `\nФайлы: ${message.files.join(', ')}` : '',
      ]),
      [
        'Прочитать переписку и ответить можно в личном кабинете, в разделе «Переписка» заказа. ',
        { href: `${p.link}#order-messages`, label: 'Открыть переписку' },
      ],
    ]),

  'payment-reminder': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number} ждёт оплаты`, [
      'Здравствуйте!',
      [
        'Заказ ',
        { strong: p.number },
        ` ждёт оплаты${p.waitingDays ? ` ${daysText(p.waitingDays)}` : ''}. К оплате: `,
        { strong: p.amount },
        '.',
      ],
      p.company
        ? [`Счёт для ${p.company} — в личном кабинете. `, cabinet(p)]
        : ['Оплатить картой можно в личном кабинете. ', cabinet(p)],
      'Если заказ больше не нужен, его можно отменить там же. Если вы уже оплатили, просто не обращайте внимания на это письмо.',
    ]),

  'act-reminder': (p: OrderMailParams): RenderedEmail =>
    render(`Заказ ${p.number}: ждём подписанный акт`, [
      'Здравствуйте!',
      [
        'Акт выполненных работ по заказу ',
        { strong: p.number },
        p.company ? ` для ${p.company}` : '',
        ` ждёт подписи${p.waitingDays ? ` ${daysText(p.waitingDays)}` : ''}.`,
      ],
      ['Подпишите акт и загрузите скан в личном кабинете — или пришлите оригинал в офис. ', cabinet(p)],
    ]),
} as const;

export type OrderTemplateName = keyof typeof ORDER_TEMPLATES;

export function isOrderTemplate(name: string): name is OrderTemplateName {
  return Object.hasOwn(ORDER_TEMPLATES, name);
}

function readyParagraphs(p: OrderMailParams): Paragraph[] {
  if (p.delivery === 'OFFICE')
    return [
      [
        'Перевод по заказу ',
        { strong: p.number },
        p.place ? ' готов. Забрать его можно в офисе:' : ' готов. Забрать его можно в офисе бюро.',
      ],
      p.place ? placeLines(p.place) : '',
      whatToBring(p),
    ];
  if (p.delivery === 'PICKUP_POINT')
    return [
      [
        'Перевод по заказу ',
        { strong: p.number },
        ` готов и отправляется в пункт выдачи${p.place ? ` «${p.place.name}»` : ''}.`,
      ],
      'Мы напишем, когда его можно будет забрать.',
    ];
  return [
    ['Перевод по заказу ', { strong: p.number }, ' готов и передаётся в доставку.'],
    p.address ? `Адрес доставки: ${p.address}` : '',
    'Мы пришлём номер отправления, когда курьерская служба его примет.',
  ];
}

/** «<lead> 2 140 ₽ по заказу 2611-00042<tail>», the amount left out when the refund is gone. */
const refundOfOrder = (p: OrderMailParams, lead: string, tail: string): Part[] => [
  lead,
  ...(p.refund ? [' ', { strong: p.refund.amount }] : []),
  ' по заказу ',
  { strong: p.number },
  tail,
];

const daysText = (days: number) => `уже ${countRu(days, ['день', 'дня', 'дней'])}`;
