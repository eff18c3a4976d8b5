/**
 * The office's work loop on an order: its promised date moved with a reason, its assignee, the
 * list's «срок» filters, marks and sort, «Мои заказы», the monitor's overdue count and the
 * statistics by assignee. Dates are relative to today in Moscow, as the screens read them.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowDate } from '../../../src/domain/moscow-time';
import { addDays } from '../../../src/domain/work-calendar';
import { orderChanges, orders } from '../../db/schema';
import { createOrder, createUser } from '../../test-support/fixtures';
import { type SignedInTestUser, signInUser } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

type Caller = SignedInTestUser & { user: { id: number; email: string | null } };

let server: TestServer;
let admin: Caller;
let manager: Caller;
let otherManager: Caller;
let partner: Caller;
let customer: Caller;
const today = moscowDate(new Date());

async function caller(values: Parameters<typeof createUser>[1]): Promise<Caller> {
  const user = await createUser(server.context, values);
  return { ...(await signInUser(server.context, user)), user };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await caller({ role: 'ADMIN' });
  manager = await caller({ role: 'MANAGER', firstName: 'Ольга', lastName: 'Петрова' });
  otherManager = await caller({ role: 'MANAGER' });
  partner = await caller({ role: 'PARTNER', partnerId: 1 });
  customer = await caller({ role: 'USER' });
});
afterAll(() => server?.close());

async function orderWith(values: Partial<typeof orders.$inferInsert>) {
  const order = await createOrder(server.context, { userId: customer.user.id, partnerId: 1 });
  if (Object.keys(values).length > 0)
    await server.context.db.update(orders).set(values).where(eq(orders.id, order.id));
  return order;
}

const patch = (url: string, who: Caller, payload: object) =>
  server.app.inject({ method: 'PATCH', url, headers: who.headers, payload });
const get = (url: string, who: Caller = manager) => server.app.inject({ url, headers: who.headers });

const changesOf = (orderId: number) =>
  server.context.db.select().from(orderChanges).where(eq(orderChanges.orderId, orderId));

describe('the promised date', () => {
  it('is moved by office staff with a reason, kept in the changes, and shown to the customer', async () => {
    const order = await orderWith({ dueDate: today, status: 'IN_TRANSLATION' });
    const later = addDays(today, 3);
    const answer = await patch('/api/order/due-date', manager, {
      id: order.id,
      dueDate: later,
      reason: 'Нотариус перенёс приём',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ id: order.id, dueDate: later });
    expect(await changesOf(order.id)).toEqual([
      expect.objectContaining({
        field: 'DUE_DATE',
        oldValue: today,
        newValue: later,
        comment: 'Нотариус перенёс приём',
        actorRole: 'MANAGER',
      }),
    ]);
    const mine = await get(`/api/user/orders/${order.id}`, customer);
    expect(mine.json().order).toMatchObject({ dueDate: later });
  });

  it('needs a reason and a real day not before the order, and is refused once the order is closed', async () => {
    const order = await orderWith({ dueDate: today });
    const blank = await patch('/api/order/due-date', manager, {
      id: order.id,
      dueDate: today,
      reason: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Напишите, почему меняется срок');
    const early = await patch('/api/order/due-date', manager, {
      id: order.id,
      dueDate: '2020-01-10',
      reason: 'x',
    });
    expect(early.json().message).toBe('Срок не может быть раньше дня, когда заказ оформлен');
    const unreal = await patch('/api/order/due-date', manager, {
      id: order.id,
      dueDate: '2031-02-30',
      reason: 'x',
    });
    expect(unreal.statusCode).toBe(400);
    await server.context.db.update(orders).set({ status: 'COMPLETED' }).where(eq(orders.id, order.id));
    const closed = await patch('/api/order/due-date', manager, { id: order.id, dueDate: today, reason: 'x' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Срок нельзя изменить: заказ в статусе «Выполнен»');
    expect(await changesOf(order.id)).toEqual([]);
  });

  it('is the office staff’s: a partner and a customer are refused, an unknown order is 404', async () => {
    const order = await orderWith({ dueDate: addDays(today, 10) });
    const body = { id: order.id, dueDate: today, reason: 'Перенос' };
    expect((await patch('/api/order/due-date', partner, body)).statusCode).toBe(403);
    expect((await patch('/api/order/due-date', customer, body)).statusCode).toBe(403);
    expect((await patch('/api/order/due-date', admin, { ...body, id: 999_999 })).statusCode).toBe(404);
  });
});

describe('the assignee', () => {
  it('is an active ADMIN or MANAGER, kept in the changes by name, and can be taken off', async () => {
    const order = await orderWith({});
    const staff = await get('/api/order/assignees');
    expect(staff.json()).toEqual(
      expect.arrayContaining([
        { id: manager.user.id, name: 'Ольга Петрова', email: manager.user.email, role: 'MANAGER' },
      ]),
    );
    expect(staff.json().map((member: { role: string }) => member.role)).not.toContain('PARTNER');
    const assigned = await patch('/api/order/assignee', admin, { id: order.id, assigneeId: manager.user.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assignee).toEqual({
      id: manager.user.id,
      name: 'Ольга Петрова',
      email: manager.user.email,
      role: 'MANAGER',
    });
    const card = await get(`/api/order/${order.id}`);
    expect(card.json().order.assignee).toMatchObject({ id: manager.user.id });
    const cleared = await patch('/api/order/assignee', manager, { id: order.id, assigneeId: null });
    expect(cleared.json().assignee).toBeNull();
    expect(
      (await changesOf(order.id)).map((change) => [change.field, change.oldValue, change.newValue]),
    ).toEqual([
      ['ASSIGNEE', null, 'Ольга Петрова'],
      ['ASSIGNEE', 'Ольга Петрова', null],
    ]);
  });

  it('refuses a customer, a partner or a blocked account as assignee, and partners may not assign', async () => {
    const order = await orderWith({});
    const blocked = await createUser(server.context, { role: 'MANAGER', isBlocked: true });
    for (const assigneeId of [customer.user.id, partner.user.id, blocked.id, 999_999]) {
      const answer = await patch('/api/order/assignee', admin, { id: order.id, assigneeId });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(
        'Заказ можно назначить только администратору или менеджеру с действующим доступом',
      );
    }
    expect((await patch('/api/order/assignee', partner, { id: order.id, assigneeId: null })).statusCode).toBe(
      403,
    );
  });
});

describe('the office list by promised date and assignee', () => {
  const mark = `work-loop-${Date.now()}`;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const seeds: [string, Partial<typeof orders.$inferInsert>][] = [
      ['late', { dueDate: addDays(today, -2), status: 'IN_TRANSLATION' }],
      ['lateButReady', { dueDate: addDays(today, -5), status: 'READY' }],
      ['today', { dueDate: today, status: 'PAID' }],
      ['tomorrow', { dueDate: addDays(today, 1), status: 'NEW' }],
      ['nextWeek', { dueDate: addDays(today, 6), status: 'NOTARIZATION' }],
      ['undated', { dueDate: null, status: 'NEW' }],
    ];
    for (const [key, values] of seeds) {
      const order = await orderWith({ ...values, name: `${mark} ${key}` });
      ids[key] = order.id;
    }
    await server.context.db
      .update(orders)
      .set({ assigneeId: manager.user.id })
      .where(inArray(orders.id, [ids.late as number, ids.today as number]));
    await server.context.db
      .update(orders)
      .set({ assigneeId: otherManager.user.id })
      .where(eq(orders.id, ids.tomorrow as number));
  });

  const names = async (query: string, who: Caller = manager) => {
    const answer = await get(`/api/order?search=${mark}&${query}`, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().items.map((item: { name: string }) => item.name.replace(`${mark} `, ''));
  };

  it('filters what is still in work: overdue, today, tomorrow, the coming week', async () => {
    expect(await names('due=OVERDUE')).toEqual(['late']);
    expect(await names('due=TODAY')).toEqual(['today']);
    expect(await names('due=TOMORROW')).toEqual(['tomorrow']);
    expect(await names('due=WEEK&sort=dueDate&direction=asc')).toEqual(['today', 'tomorrow', 'nextWeek']);
  });

  it('sorts by the promised date with undated orders last both ways', async () => {
    const ascending = await names('sort=dueDate&direction=asc');
    expect(ascending).toEqual(['lateButReady', 'late', 'today', 'tomorrow', 'nextWeek', 'undated']);
    const descending = await names('sort=dueDate&direction=desc');
    expect(descending).toEqual(['nextWeek', 'tomorrow', 'today', 'late', 'lateButReady', 'undated']);
    const page = await get(`/api/order?search=${mark}&sort=dueDate`);
    expect(page.json().items[0]).toMatchObject({ dueDate: addDays(today, 6), urgent: false });
  });

  it('shows «Мои заказы», the unassigned and one person’s orders, with the assignee’s name', async () => {
    expect(await names('assignee=me&sort=dueDate&direction=asc')).toEqual(['late', 'today']);
    expect(await names('assignee=me', otherManager)).toEqual(['tomorrow']);
    expect((await names('assignee=none')).sort()).toEqual(['lateButReady', 'nextWeek', 'undated']);
    expect(await names(`assignee=${otherManager.user.id}`)).toEqual(['tomorrow']);
    const rows = (await get(`/api/order?search=${mark}&assignee=me`)).json().items;
    expect(rows.map((row: { assigneeName: string }) => row.assigneeName)).toEqual([
      'Ольга Петрова',
      'Ольга Петрова',
    ]);
    const bad = await get(`/api/order?assignee=everyone`);
    expect(bad.statusCode).toBe(400);
  });

  it('is counted on the monitor: overdue orders in work and those due today', async () => {
    const answer = await get('/api/admin/order-monitoring/dashboard');
    expect(answer.statusCode).toBe(200);
    // This file's orders: one late in work (the ready one is not late), one due today.
    expect(answer.json().data.totals).toMatchObject({ overdueOrders: 1, dueToday: 1 });
  });
});

describe('the statistics by assignee', () => {
  it('splits the orders by who they are assigned to, the rest as nobody’s', async () => {
    const day = '2031-07-15';
    const at = new Date(`${day}T09:00:00Z`);
    const first = await orderWith({ createdAt: at, amount: 1000, assigneeId: manager.user.id });
    await orderWith({ createdAt: at, amount: 500 });
    expect(first.id).toBeGreaterThan(0);
    const answer = await get(`/api/admin/stats/unit-economics?startDate=${day}&endDate=${day}`, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const byAssignee = answer.json().byAssignee;
    expect(byAssignee).toEqual([
      expect.objectContaining({
        assigneeId: manager.user.id,
        name: 'Ольга Петрова',
        orders: 1,
        revenue: 1000,
      }),
      expect.objectContaining({ assigneeId: null, name: null, orders: 1, revenue: 500 }),
    ]);
    // Reassigning marks the day to be summed again.
    await patch('/api/order/assignee', admin, { id: first.id, assigneeId: otherManager.user.id });
    const again = await get(`/api/admin/stats/unit-economics?startDate=${day}&endDate=${day}`, admin);
    expect(again.json().byAssignee[0]).toMatchObject({ assigneeId: otherManager.user.id, revenue: 1000 });
  });
});
