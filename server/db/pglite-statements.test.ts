import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementClient } from './pglite-statements';

// Drizzle's own parsers: timestamps stay text (it parses them itself).
const drizzleParsers = { [types.TIMESTAMPTZ]: (value: string) => value };

describe('PGlite through prepared statements', () => {
  let pglite: PGlite;
  let client: ReturnType<typeof statementClient>;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.exec(`create table item (id serial primary key, name text not null unique,
      data jsonb, tags text[], big bigint, at timestamptz default '2026-11-23T10:00:00Z', price numeric)`);
    client = statementClient(pglite);
  });
  afterAll(() => pglite.close());

  it('answers exactly what PGlite answers, in both row modes and with the caller’s parsers', async () => {
    const insert = `insert into item (name, data, tags, big, price) values ($1, $2, $3, $4, $5) returning *`;
    const params = ['a', { nested: [1, 'два'] }, ['x', 'y'], '9007199254740993', '12.50'];
    const ours = await client.query<Record<string, unknown>>(insert, params);
    await pglite.query('delete from item');
    const theirs = await pglite.query<Record<string, unknown>>(insert, params);
    expect({ ...ours.rows[0], id: 0 }).toEqual({ ...theirs.rows[0], id: 0 });
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);

    const select = 'select name, data, at, null::text as nothing from item where name = $1';
    for (const options of [
      { rowMode: 'array' as const, parsers: drizzleParsers },
      { parsers: drizzleParsers },
    ]) {
      const mine = await client.query(select, ['a'], options);
      const pglites = await pglite.query(select, ['a'], options);
      expect(mine.rows).toEqual(pglites.rows);
    }
    expect((await client.query(select, ['a'], { parsers: drizzleParsers })).rows[0]).toMatchObject({
      at: '2026-11-23 10:00:00+00',
      nothing: null,
    });
  });

  it('reports PostgreSQL’s error with its code and stays usable after it', async () => {
    const insert = 'insert into item (name) values ($1)';
    await client.query(insert, ['unique-one']);
    await expect(client.query(insert, ['unique-one'])).rejects.toMatchObject({ code: '23505' });
    await client.query(insert, ['unique-two']);
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from item where name like 'unique-%' and $1",
      [true],
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('keeps a transaction all or nothing, and other statements wait for it', async () => {
    const order: string[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into item (name) values ($1)', ['in-transaction']);
      order.push('inserted');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('still inside');
      throw new Error('refused');
    });
    const outside = client.query('select count(*)::int as n from item where name = $1', ['in-transaction']);
    await expect(transaction).rejects.toThrow('refused');
    order.push('after');
    expect((await outside).rows).toEqual([{ n: 0 }]);
    expect(order).toEqual(['inserted', 'still inside', 'after']);
  });

  it('prepares a statement again when its table changes under it', async () => {
    const select = 'select * from item where name = $1';
    await client.query(select, ['a']);
    await pglite.exec('alter table item add column note text');
    // PostgreSQL refuses the old plan (its result type changed); outside a transaction the
    // statement is prepared again and run.
    expect((await client.query(select, ['a'])).rows[0]).toHaveProperty('note', null);
    // Inside one the refusal aborts the transaction, as PostgreSQL does; the next one works.
    await pglite.exec('alter table item add column more text');
    await expect(client.transaction((tx) => tx.query(select, ['a']))).rejects.toMatchObject({
      code: '0A000',
    });
    await client.transaction(async (tx) => {
      expect((await tx.query(select, ['a'])).rows[0]).toHaveProperty('more', null);
    });
  });

  it('keeps a bounded number of prepared statements however many different ones it sees', async () => {
    for (let i = 0; i < 300; i++) await client.query(`select $1::int + ${i} as n`, [1]);
    const { rows } = await pglite.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(257);
    expect((await client.query<{ n: number }>('select $1::int + 0 as n', [1])).rows).toEqual([{ n: 1 }]);
  });
});
