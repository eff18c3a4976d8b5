/**
 * A prepared statement answers as `db.execute` would, on the database and inside a transaction,
 * for any values, with one text; on PostgreSQL its connection keeps it prepared under its name.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config';
import { openTestDatabase } from '../test-support/database';
import type { DatabaseHandle } from './client';
import { preparedStatement } from './prepared';
import { rowsOf } from './rows';
import { documentTypes } from './schema';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase(testDatabaseUrl());
});
afterAll(() => database?.close());

const activeDocuments = preparedStatement<
  { ids: number[]; type: string | null },
  { id: number; type: string }
>(
  'test_active_documents',
  (value) => sql`select ${documentTypes.id} as id, ${documentTypes.type} as type from ${documentTypes}
    where ${documentTypes.id} = any(${value('ids')}::int[])
      and (${value('type')}::text is null or ${documentTypes.type} = ${value('type')}::text)
    order by ${documentTypes.id}`,
);

describe('a prepared statement', () => {
  it('answers the rows db.execute answers, for lists of any length and for nulls, with one text', async () => {
    const { db } = database;
    const all = await rowsOf<{ id: number; type: string }>(
      db,
      sql`select id, type from document_types order by id limit 3`,
    );
    expect(all.length).toBe(3);
    const text = activeDocuments.text;
    expect(await activeDocuments.rows(db, { ids: all.map((row) => row.id), type: null })).toEqual(all);
    expect(await activeDocuments.rows(db, { ids: [], type: null })).toEqual([]);
    const second = all[1] as { id: number; type: string };
    expect(await activeDocuments.rows(db, { ids: all.map((row) => row.id), type: second.type })).toEqual([
      second,
    ]);
    expect(activeDocuments.text).toBe(text);
    expect(text).not.toContain(second.type);
  });

  it('runs inside a transaction, on its connection, and sees the transaction’s own writes', async () => {
    const { db } = database;
    let found: { id: number; type: string }[] = [];
    let id = 0;
    await db
      .transaction(async (tx) => {
        const [row] = await rowsOf<{ id: number }>(
          tx,
          sql`insert into document_types (type, price, cost) values ('Тестовый документ', 100, 50) returning id`,
        );
        id = (row as { id: number }).id;
        found = await activeDocuments.rows(tx, { ids: [id], type: null });
        tx.rollback();
      })
      .catch((error: unknown) => {
        // Drizzle's rollback() throws to end the transaction.
        if ((error as Error).message !== 'Rollback') throw error;
      });
    expect(found).toEqual([{ id, type: 'Тестовый документ' }]);
    expect(await activeDocuments.rows(db, { ids: [id], type: null })).toEqual([]);
  });

  it('refuses a second statement under a name already taken', () => {
    expect(() => preparedStatement('test_active_documents', () => sql`select 1`)).toThrow(/defined twice/);
  });

  it.runIf(testDatabaseUrl() !== undefined)(
    'is kept prepared under its name by the PostgreSQL connection that ran it',
    async () => {
      const names = await database.db.transaction(async (tx) => {
        await activeDocuments.rows(tx, { ids: [1], type: null });
        await activeDocuments.rows(tx, { ids: [2], type: null });
        return rowsOf<{ name: string }>(tx, sql`select name from pg_prepared_statements`);
      });
      expect(names.map((row) => row.name)).toContain('test_active_documents');
    },
  );
});
