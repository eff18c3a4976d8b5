/**
 * A request breaking the contract is answered in Russian, one problem per field with its path,
 * worded by the rule it broke and naming the field as people know it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Problem {
  path: string;
  message: string;
}

const ENGLISH = /must|should|property|allowed|match/i;

async function refused(url: string, payload: unknown, method = 'POST', headers: Record<string, string> = {}) {
  const answer = await server.app.inject({
    method: method as 'POST',
    url,
    payload: payload as object,
    headers,
  });
  expect(answer.statusCode, answer.body).toBe(400);
  const body = answer.json() as { code: string; message: string; details: Problem[] };
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.message).not.toMatch(ENGLISH);
  for (const problem of body.details) expect(problem.message).not.toMatch(ENGLISH);
  return body;
}

const byPath = (details: Problem[]) => Object.fromEntries(details.map((p) => [p.path, p.message]));

describe('validation messages', () => {
  // The order's targetLanguage is checked after the schema, since a line may name its own languages
  // (decision 0055): left out where a line names none, it is refused on its own (target-languages.test.ts).
  it('name each broken field of an order in Russian, all at once', async () => {
    const body = await refused('/api/order', {
      name: '',
      phoneNumber: 'позвоните мне',
      email: 'anna@',
      originalLanguage: 'ru',
      deliveryType: 'TELEPORT',
      orderDocuments: [{ documentId: 1, quantity: 500 }],
      colour: 'red',
    });
    expect(byPath(body.details)).toEqual({
      '/body/name': 'Заполните поле «Имя и фамилия»',
      '/body/phoneNumber': 'Введите телефон, например +7 916 123-45-67',
      '/body/email': 'Введите адрес электронной почты в правильном формате, например name@example.ru',
      '/body/deliveryType':
        'Поле «Способ получения»: выберите одно из значений OFFICE, PICKUP_POINT, COURIER',
      '/body/orderDocuments/0/quantity': 'Поле «Количество экземпляров»: не больше 100',
      '/body/colour': 'Поле «colour» здесь не принимается: уберите его',
      '/body/personalDataConsent': 'Чтобы отправить заказ, дайте согласие на обработку персональных данных',
    });
    expect(body.message).toMatch(/ \(и ещё 6 ошибок\)$/);
  });

  it('word lengths, types and numbers with the field’s name', async () => {
    const body = await refused('/api/form-settings/promocode/validate', { code: 7 });
    expect(body.details).toEqual([
      expect.objectContaining({ path: '/body/code', message: 'Поле «Промокод»: ожидается текст' }),
    ]);
    expect(body.message).toBe('Поле «Промокод»: ожидается текст');
    const long = await refused('/api/auth/request-access', { name: 'А'.repeat(201), reason: '' }, 'POST', {
      ...(await signInAs(server.context, 'USER')).headers,
    });
    expect(byPath(long.details)).toEqual({
      '/body/name': 'Поле «Имя»: не длиннее 200 символов',
      '/body/reason': 'Заполните поле «Причина»',
    });
  });

  it('word query parameters too', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const answer = await server.app.inject({ url: '/api/order?limit=0', headers: admin.headers });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details[0]).toMatchObject({
      path: '/querystring/limit',
      message: 'Поле «Количество на странице»: не меньше 1',
    });
  });
});
