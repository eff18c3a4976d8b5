import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { isDatabaseUnavailable } from './errors';
import { DatabaseUnreachableError, waitForDatabase } from './wait';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('waiting for PostgreSQL at start', () => {
  it('tries again while the database is unreachable and goes on once it answers', async () => {
    let tries = 0;
    const warnings: unknown[] = [];
    await waitForDatabase(
      {
        ping: async () => {
          tries += 1;
          if (tries < 3) throw refused();
        },
      },
      {
        timeoutMs: 5_000,
        firstDelayMs: 10,
        logger: { warn: (...args: unknown[]) => warnings.push(args), info: () => {} } as never,
      },
    );
    expect(tries).toBe(3);
    expect(warnings).toHaveLength(2);
  });

  it('gives up after its limit with a message naming the setting', async () => {
    const started = Date.now();
    const waiting = waitForDatabase(
      { ping: async () => Promise.reject(refused()) },
      { timeoutMs: 300, firstDelayMs: 50 },
    );
    await expect(waiting).rejects.toThrow(DatabaseUnreachableError);
    await expect(waiting).rejects.toThrow(/DATABASE_START_TIMEOUT/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('does not wait out an error that time will not fix, such as a wrong password', async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed for user "perevod"'), {
      code: '28P01',
    });
    let tries = 0;
    const ping = async () => {
      tries += 1;
      throw wrongPassword;
    };
    await expect(waitForDatabase({ ping }, { timeoutMs: 5_000, firstDelayMs: 10 })).rejects.toBe(
      wrongPassword,
    );
    expect(tries).toBe(1);
  });
});

describe('a PostgreSQL that accepts connections and never answers', () => {
  const sockets: Socket[] = [];
  let silent: Server;
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent?.close();
  });

  it('fails a query within the connect timeout instead of hanging, as "unavailable"', async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const database = await openDatabase(
      { url: `postgres://nobody@127.0.0.1:${port}/none` },
      { connectTimeoutMs: 500 },
    );
    const started = Date.now();
    const error = await database.ping().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await database.close();
  });
});
