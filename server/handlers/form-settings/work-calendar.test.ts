/**
 * Urgency and the bureau's calendar: an ADMIN sets the surcharge, the notary's Saturdays and the
 * bureau's own days (GET/PUT /api/form-settings/work-calendar); the public form reads them in its
 * catalogue, and a new order is priced and promised its date from them — the same rule as the
 * form's estimate (src/domain/due-date.ts), over weekends, holidays, moved days and the notary.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueChanges, documentTypes, orderDocuments, orders } from '../../db/schema';
import { createOrder } from '../../services/orders/create-order';
import { officeOrderBody, pickupOrderBody } from '../../test-support/order-bodies';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
let manager: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server.context, 'ADMIN');
  manager = await signInAs(server.context, 'MANAGER');
});
afterAll(() => server?.close());

const save = (body: object, who = admin) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/form-settings/work-calendar',
    headers: who.headers,
    payload: body,
  });

const settings = (changes: object = {}) => ({
  urgentPercent: 50,
  notarySaturday: false,
  daysOff: [],
  workingDays: [],
  ...changes,
});

/** An order placed by the service at a given Moscow moment, as the form would send it. */
async function placed(body: object, moscow: string) {
  const { order } = await createOrder(server.context, {
    body: body as never,
    idempotencyKey: undefined,
    caller: null,
    at: new Date(`${moscow}+03:00`),
  });
  const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
  return { receipt: order, row: row as typeof orders.$inferSelect };
}

describe('urgency and the calendar in the form settings', () => {
  it('start at 50 % with no days of the bureau’s own, and are the ADMIN’s alone', async () => {
    const answer = await server.app.inject({
      url: '/api/form-settings/work-calendar',
      headers: admin.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(settings());
    expect((await save(settings(), manager)).statusCode).toBe(403);
    const params = await server.app.inject({ url: '/api/order/form-params' });
    expect(params.json().schedule).toEqual({
      urgentPercent: 50,
      notarySaturday: false,
      daysOff: [],
      workingDays: [],
    });
    expect(params.json().documents[0]).toMatchObject({ id: 1, type: 'Паспорт', leadDays: 1 });
    expect(params.json().assurances[0]).toMatchObject({ id: 1, notaryDays: 1 });
  });

  it('refuses a day named twice, a weekday made working and a holiday made a day off, beside the day', async () => {
    const twice = await save(
      settings({
        daysOff: [
          { date: '2031-03-04', note: '' },
          { date: '2031-03-04', note: '' },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([
      expect.objectContaining({ path: '/body/daysOff/1/date', message: 'День 04.03.2031 указан дважды' }),
    ]);
    const weekday = await save(settings({ workingDays: [{ date: '2026-11-25', note: '' }] }));
    expect(weekday.json().message).toBe(
      '25.11.2026 — будний день: рабочим можно сделать только субботу или воскресенье',
    );
    const holiday = await save(settings({ daysOff: [{ date: '2026-11-04', note: '' }] }));
    expect(holiday.json().message).toBe('04.11.2026 и так нерабочий день по производственному календарю');
    const percent = await save(settings({ urgentPercent: 500 }));
    expect(percent.statusCode).toBe(400);
  });

  it('saves the settings, keeps who changed what, and the form reads the days from today on', async () => {
    const answer = await save(
      settings({
        urgentPercent: 40,
        notarySaturday: true,
        daysOff: [
          { date: '2099-06-03', note: '  Инвентаризация ' },
          { date: '2020-06-03', note: 'Прошлое' },
        ],
        workingDays: [{ date: '2099-06-06', note: 'Отработка' }],
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().daysOff).toEqual([
      { date: '2020-06-03', note: 'Прошлое' },
      { date: '2099-06-03', note: 'Инвентаризация' },
    ]);
    const params = await server.app.inject({ url: '/api/order/form-params' });
    expect(params.json().schedule).toEqual({
      urgentPercent: 40,
      notarySaturday: true,
      daysOff: ['2099-06-03'],
      workingDays: ['2099-06-06'],
    });
    const changes = await server.context.db
      .select()
      .from(catalogueChanges)
      .where(eq(catalogueChanges.entity, 'WORK_CALENDAR'));
    expect(changes.map((change) => [change.field, change.oldValue, change.newValue])).toEqual(
      expect.arrayContaining([
        ['urgentPercent', '50', '40'],
        ['notarySaturday', 'false', 'true'],
        ['daysOff', null, '03.06.2020 (Прошлое), 03.06.2099 (Инвентаризация)'],
      ]),
    );
    await save(settings());
  });
});

describe('a new order’s price and promised date', () => {
  it('charges urgency on the translations only and promises half the days, rounded up', async () => {
    // Паспорт (1 day) × 2 with the notary (1 day) and Диплом (2 days), on Monday 23 November 2026.
    const calm = await placed(pickupOrderBody('calm.due@example.ru'), '2026-11-23T10:00:00');
    expect(calm.row).toMatchObject({ urgent: false, urgentAmount: 0, dueDate: '2026-11-26' });
    const urgent = await placed(
      pickupOrderBody('urgent.due@example.ru', { urgent: true }),
      '2026-11-23T10:00:00',
    );
    // Translations 1200 × 2 + 1500 = 3900; 50 % of it; the notary's 900 × 2 is not raised.
    expect(urgent.row).toMatchObject({ urgent: true, urgentPercent: 50, urgentAmount: 1950 });
    expect(urgent.row.amount).toBe(calm.row.amount + 1950);
    // 2 days halved is 1: Tuesday; the notary's day after it: Wednesday.
    expect(urgent.row.dueDate).toBe('2026-11-25');
    expect(urgent.receipt).toMatchObject({ urgent: true, urgentAmount: 1950, dueDate: '2026-11-25' });
    expect(urgent.receipt.nextSteps).toContain(
      'Срок готовности срочного заказа — 25 ноября, ср; если он изменится, менеджер сообщит.',
    );
  });

  it.each([
    ['a weekend', '2026-11-27T18:00:00', '2026-11-30'],
    ['the New Year holidays and 31 December', '2026-12-30T12:00:00', '2027-01-11'],
    ['9 March 2026, a Monday after 8 March', '2026-03-06T12:00:00', '2026-03-10'],
    ['3 May 2027, a Monday after 1 May', '2027-04-30T12:00:00', '2027-05-04'],
    ['Moscow’s midnight: 23:30 on Friday is Friday', '2026-11-27T23:30:00', '2026-11-30'],
  ])('counts working days over %s', async (_case, moscow, promised) => {
    // Паспорт: one working day, collected at the office.
    const { row } = await placed(officeOrderBody(`due.${moscow.replace(/\D/g, '')}@example.ru`), moscow);
    expect(row.dueDate).toBe(promised);
  });

  it('follows the ADMIN’s day off and a notary working Saturdays, as the form does', async () => {
    await save(
      settings({ daysOff: [{ date: '2026-11-24', note: 'Санитарный день' }], notarySaturday: true }),
    );
    const off = await placed(officeOrderBody('dayoff.due@example.ru'), '2026-11-23T10:00:00');
    expect(off.row.dueDate).toBe('2026-11-25');
    const notarised = await placed(
      {
        ...officeOrderBody('notary.due@example.ru'),
        orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [1] }],
      },
      '2026-11-26T10:00:00',
    );
    // Паспорт 1 day: Friday; the notary's day: Saturday; the office hands it over on Monday.
    expect(notarised.row.dueDate).toBe('2026-11-30');
    await save(settings());
    const weekdaysOnly = await placed(
      {
        ...officeOrderBody('notary2.due@example.ru'),
        orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [1, 2] }],
      },
      '2026-11-26T10:00:00',
    );
    // The apostille's 5 notary days after Friday: 30 Nov – 4 Dec.
    expect(weekdaysOnly.row.dueDate).toBe('2026-12-04');
  });

  it('marks a document priced at 0 ₽ as priced by estimate', async () => {
    const { row } = await placed(
      { ...officeOrderBody('estimate.due@example.ru'), orderDocuments: [{ documentId: 11, quantity: 2 }] },
      '2026-11-23T10:00:00',
    );
    const lines = await server.context.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, row.id));
    expect(lines).toEqual([expect.objectContaining({ type: 'Другой документ', price: 0, byEstimate: true })]);
    const [passport] = await server.context.db.select().from(documentTypes).where(eq(documentTypes.id, 1));
    expect(passport?.leadDays).toBe(1);
  });
});

describe('lead times in the catalogue', () => {
  it('are kept with a document and an assurance, read by the form, and promise a new order its date', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/form-settings/document',
      headers: admin.headers,
      payload: { type: 'Устав организации', price: 3000, cost: 1500, leadDays: 4 },
    });
    expect(created.statusCode).toBe(201);
    const document = created.json();
    expect(document).toMatchObject({ leadDays: 4 });
    const params = (await server.app.inject({ url: '/api/order/form-params' })).json();
    expect(params.documents).toContainEqual(expect.objectContaining({ id: document.id, leadDays: 4 }));
    // Costs stay the bureau's own: the form reads the days, never the cost.
    expect(params.documents.find((d: { id: number }) => d.id === document.id)).not.toHaveProperty('cost');
    expect(params.assurances).toContainEqual(expect.objectContaining({ id: 2, notaryDays: 5 }));

    // Four working days from Thursday 26 November 2026: Fri, Mon, Tue, Wed — 2 December; urgent: 2.
    const body = {
      ...officeOrderBody('charter.due@example.ru'),
      orderDocuments: [{ documentId: document.id, quantity: 1 }],
    };
    expect((await placed(body, '2026-11-26T10:00:00')).row.dueDate).toBe('2026-12-02');
    expect((await placed({ ...body, urgent: true }, '2026-11-26T10:00:00')).row.dueDate).toBe('2026-11-30');

    const slower = await server.app.inject({
      method: 'PUT',
      url: '/api/form-settings/document',
      headers: admin.headers,
      payload: { id: document.id, type: 'Устав организации', price: 3000, leadDays: 5 },
    });
    expect(slower.statusCode).toBe(200);
    expect(slower.json()).toMatchObject({ leadDays: 5 });
  });

  it('refuses days out of range or not whole, and an urgency that is not yes or no, with a 400', async () => {
    for (const leadDays of [61, -1, 1.5, 'два']) {
      const refused = await server.app.inject({
        method: 'POST',
        url: '/api/form-settings/document',
        headers: admin.headers,
        payload: { type: `Справка ${String(leadDays)}`, price: 100, leadDays },
      });
      expect(refused.statusCode, String(leadDays)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(refused.json().message).toMatch(/[а-я]/);
    }
    const byManager = await server.app.inject({
      method: 'POST',
      url: '/api/form-settings/document',
      headers: manager.headers,
      payload: { type: 'Справка менеджера', price: 100, leadDays: 1 },
    });
    expect(byManager.statusCode).toBe(403);
    const order = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { ...officeOrderBody('urgent.text@example.ru'), urgent: 'yes' },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: '/body/urgent' }] });
  });
});
