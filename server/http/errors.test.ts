import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ProductError } from '../errors';
import { handleError, toErrorAnswer } from './errors';

describe('error answers', () => {
  it('keep what a service meant: status, code, Russian message, details', () => {
    const answer = toErrorAnswer(
      new ProductError('conflict', 'CONFLICT', 'Действие недоступно', { status: 'PAID' }),
    );
    expect(answer).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'Действие недоступно', details: { status: 'PAID' } },
      unexpected: false,
    });
  });

  it('turn anything unexpected into a bare 500 that shows no stack or message', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    app.get('/boom', async () => {
      throw new TypeError('Cannot read properties of undefined (reading "secret")');
    });
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера' });
    expect(response.body).not.toMatch(/secret|TypeError|at /);
    await app.close();
  });

  it('keep a client error the framework raises a client error', () => {
    const error = Object.assign(new Error('bad'), { statusCode: 406, code: 'FST_SOMETHING_NEW' });
    expect(toErrorAnswer(error).status).toBe(406);
  });

  it('answer 503 with Retry-After while the database is away, whatever wraps its error', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    app.get('/during-restart', async () => {
      // Drizzle wraps the driver's error in its own, with the original as cause.
      throw new Error('Failed query: select 1', { cause: shutdown });
    });
    const response = await app.inject({ url: '/during-restart' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'Сервис временно недоступен: нет связи с базой данных. Повторите попытку через несколько секунд.',
    });
    await app.close();
  });
});
