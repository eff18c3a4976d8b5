/** Several target languages on one document line: POST /api/order, its answers and its receipt. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocuments, orders } from '../../db/schema';
import { orderReceipt } from '../../services/payments/receipts';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let serial = 0;
const order = (changes: Record<string, unknown> = {}) => ({
  name: 'Анна Смирнова',
  phoneNumber: '8 (916) 123-45-67',
  email: `languages.${++serial}@example.ru`,
  originalLanguage: 'ru',
  targetLanguage: 'en',
  orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
  payerType: 'INDIVIDUAL',
  deliveryType: 'PICKUP_POINT',
  personalDataConsent: true,
  deliveryId: 2,
  pickupPointId: 1,
  ...changes,
});

const post = (payload: unknown) =>
  server.app.inject({ method: 'POST', url: '/api/order', payload: payload as object });

describe('target languages per line', () => {
  it('prices a line once per language and keeps its languages on the line, in the answers and the receipt', async () => {
    const answer = await post(
      order({
        targetLanguage: undefined,
        orderDocuments: [
          { documentId: 1, quantity: 2, assuranceIds: [1], targetLanguages: ['en', 'de'] },
          { documentId: 2, quantity: 1, assuranceIds: [], targetLanguages: ['en'] },
        ],
      }),
    );
    expect(answer.statusCode).toBe(201);
    const created = answer.json().order;
    const single = await post(order({ orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }] }));
    const one = single.json().order;
    // (1 200 + 900) × 2 copies × 2 languages + the second document once + 250 ₽ pickup delivery.
    const line2 = created.subtotal - 2 * one.subtotal;
    expect(line2).toBeGreaterThan(0);
    expect(created.subtotal).toBe(2 * one.subtotal + line2);
    expect(created.amount).toBe(created.subtotal + one.deliveryPrice);
    expect(created.documents.map((line: { targetLanguages: string[] }) => line.targetLanguages)).toEqual([
      ['en', 'de'],
      ['en'],
    ]);
    const stored = await server.context.db
      .select({ targetLanguages: orderDocuments.targetLanguages, price: orderDocuments.price })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, created.id))
      .orderBy(orderDocuments.sortOrder);
    expect(stored.map((line) => line.targetLanguages)).toEqual([['en', 'de'], ['en']]);
    // The line keeps the price of one copy in one language.
    expect(stored[0]?.price).toBe(1200);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row?.targetLanguage).toBe('en');

    const { receipt } = await orderReceipt(server.context.db, created.id);
    expect(receipt.items[0]?.description).toBe('Перевод: Паспорт с заверением (английский, немецкий) × 2');
    expect(receipt.items[0]?.amount).toBe(8400);
    expect(receipt.items.reduce((sum, item) => sum + Math.round(item.amount * 100), 0)).toBe(
      Math.round(created.amount * 100),
    );

    const staff = await signInAs(server.context, 'ADMIN');
    const card = await server.app.inject({ url: `/api/order/${created.id}`, headers: staff.headers });
    expect(card.statusCode).toBe(200);
    expect(card.json().order.documents[0].targetLanguages).toEqual(['en', 'de']);
  });

  it('reads an old single-language payload as before: one language, the same price', async () => {
    const answer = await post(order());
    expect(answer.statusCode).toBe(201);
    const created = answer.json().order;
    // (1 200 + 900) × 2 + 250 pickup delivery, as before languages per line.
    expect(created.amount).toBe(4450);
    expect(created.documents[0].targetLanguages).toEqual(['en']);
    const { receipt } = await orderReceipt(server.context.db, created.id);
    expect(receipt.items[0]?.description).toBe('Перевод: Паспорт с заверением × 2');
  });

  it('takes a line’s own languages over the order’s', async () => {
    const answer = await post(
      order({ orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [], targetLanguages: ['fr'] }] }),
    );
    expect(answer.statusCode).toBe(201);
    expect(answer.json().order.documents[0].targetLanguages).toEqual(['fr']);
  });

  it('refuses a line’s language equal to the original, unknown or twice, and no language at all, in Russian', async () => {
    const refused = async (changes: Record<string, unknown>) => {
      const answer = await post(order(changes));
      expect(answer.statusCode).toBe(400);
      return answer.json() as { message: string; errors?: { path: string; message: string }[] };
    };
    const line = (targetLanguages: string[]) => ({
      orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [], targetLanguages }],
    });
    expect((await refused(line(['en', 'ru']))).message).toBe(
      'Язык перевода должен отличаться от языка оригинала',
    );
    expect((await refused(line(['xx']))).message).toBe('Выберите язык перевода из списка');
    const twice = await refused(line(['en', 'en']));
    expect(twice.message).toContain('Языки перевода');
    const none = await refused(line([]));
    expect(none.message).toContain('Языки перевода');
    expect((await refused({ targetLanguage: undefined })).message).toBe('Выберите язык перевода');
  });
});
