import { describe, expect, it } from 'vitest';
import { ORDER_TEMPLATES, type OrderMailParams } from './order-templates';
import { renderEmail } from './templates';

const params: OrderMailParams = {
  number: '2611-00042',
  link: 'https://perevod.example.ru/cabinet/orders/42',
  amount: '2 140 ₽',
  company: null,
  delivery: 'PICKUP_POINT',
  place: {
    kind: 'pickup-point',
    name: 'Пункт <Тверская>',
    address: 'Москва, ул. Тверская, 18',
    schedule: 'Пн–Пт 10:00–20:00',
    phone: '+7 495 000-00-00',
    howToFind: 'Вход со двора, второй подъезд',
  },
  address: null,
  tracking: null,
  comment: null,
  paid: false,
  waitingDays: 3,
  refund: null,
  results: { files: ['Перевод паспорта.pdf'], note: 'Оригинал с печатью нотариуса — в пункте выдачи' },
  messages: [{ text: 'Уточните написание фамилии латиницей', at: '21 ноября, 12:00 (мск)', files: [] }],
  dueDate: null,
  breakdown: [],
};

describe('the order mails', () => {
  it('each have a subject naming the order, a text and an HTML letter', () => {
    for (const name of Object.keys(ORDER_TEMPLATES) as (keyof typeof ORDER_TEMPLATES)[]) {
      const email = renderEmail(name, params);
      expect(email.subject, name).toContain('2611-00042');
      expect(email.text, name).toContain('Бюро переводов');
      expect(email.html, name).toMatch(/^<!doctype html>/);
      expect(email.text, name).not.toMatch(/\n\n\n/);
    }
  });

  it('escape what people typed in the HTML and keep it whole in the text', () => {
    const email = renderEmail('order-at-pickup-point', params);
    expect(email.html).toContain('Пункт &#60;Тверская&#62;');
    expect(email.text).toContain('Пункт <Тверская>');
  });

  it('tell how to find the pickup point’s entrance, and leave the line out when there is nothing to say', () => {
    expect(renderEmail('order-at-pickup-point', params).text).toContain(
      'Как найти: Вход со двора, второй подъезд',
    );
    const plain = { ...params, place: params.place && { ...params.place, howToFind: null } };
    expect(renderEmail('order-at-pickup-point', plain).text).not.toContain('Как найти');
  });

  it('carry the manager’s note on the price, and say that payment is in the cabinet', () => {
    const noted = { ...params, comment: 'Цена за диплом и приложение' };
    expect(renderEmail('order-payment-due', noted).text).toContain(
      'Комментарий менеджера: Цена за диплом и приложение',
    );
    expect(renderEmail('order-payment-due', params).text).not.toContain('Комментарий');
    const received = renderEmail('order-received', {
      number: '2611-00042',
      amount: '2 140 ₽',
      link: params.link,
    });
    expect(received.text).toContain('оплатить в личном кабинете');
    expect(`${received.text}${received.html}`).not.toMatch(/ссылк\S* на оплату/);
  });

  it('tell a company what to bring and where its invoice is', () => {
    const company = { ...params, company: 'ООО «Ромашка»' };
    expect(renderEmail('order-at-pickup-point', company).text).toContain('доверенность от ООО «Ромашка»');
    expect(renderEmail('order-payment-due', company).text).toContain('Счёт для ООО «Ромашка»');
    expect(renderEmail('payment-reminder', params).text).toContain('ждёт оплаты уже 3 дня');
  });

  it('give the finished translation with its note, and the bureau’s messages in full with a link to reply', () => {
    const results = renderEmail('order-results', params);
    expect(results.subject).toBe('Заказ 2611-00042: готовый перевод в личном кабинете');
    expect(results.text).toContain(
      'Бюро загрузило готовый перевод по заказу 2611-00042: Перевод паспорта.pdf.',
    );
    expect(results.text).toContain('Комментарий бюро: Оригинал с печатью нотариуса — в пункте выдачи');
    const two = {
      ...params,
      messages: [
        { text: 'Уточните написание фамилии <латиницей>', at: '21 ноября, 12:00 (мск)', files: [] },
        { text: '', at: '21 ноября, 12:05 (мск)', files: ['Образец.pdf'] },
      ],
    };
    const messages = renderEmail('order-messages', two);
    expect(messages.subject).toBe('Заказ 2611-00042: новые сообщения от бюро');
    expect(messages.text).toContain('21 ноября, 12:00 (мск)\nУточните написание фамилии <латиницей>');
    expect(messages.text).toContain('21 ноября, 12:05 (мск)\nФайлы: Образец.pdf');
    expect(messages.html).toContain('фамилии &#60;латиницей&#62;');
    expect(messages.text).toContain('https://perevod.example.ru/cabinet/orders/42#order-messages');
  });

  it('list a quote row by row with the total and the promised date, and how to pay or cancel', () => {
    const email = renderEmail('order-quoted', {
      ...params,
      amount: '4 840 ₽',
      dueDate: '27 ноября, пт',
      breakdown: [
        { label: 'Паспорт с заверением × 1', amount: '2 100 ₽' },
        { label: 'Другой документ × 2', amount: '3 000 ₽' },
        { label: 'Скидка 10 % по промокоду WELCOME10', amount: '-510 ₽' },
        { label: 'Доставка', amount: '250 ₽' },
      ],
    });
    expect(email.subject).toBe('Заказ 2611-00042: стоимость рассчитана');
    expect(email.text).toContain('Другой документ × 2 — 3 000 ₽');
    expect(email.text).toContain('К оплате: 4 840 ₽.');
    expect(email.text).toContain('Срок готовности — 27 ноября, пт.');
    expect(email.text).toContain('Оплатить картой или отменить заказ можно в личном кабинете.');
  });
});
