import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidInn } from '../../../src/domain/inn';
import type { DatabaseHandle } from '../../db/client';
import { settings } from '../../db/schema';
import { toErrorAnswer } from '../../http/errors';
import { seedDatabase } from '../../seed/seed';
import { openTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '../../test-support/database';
import { DEMO_REQUISITES, loadRequisites, REQUISITES_KEY } from './requisites';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase(undefined);
});
afterAll(() => database?.close());

const seedAgain = () =>
  seedDatabase(database.db, { adminEmail: TEST_ADMIN_EMAIL, adminPassword: TEST_ADMIN_PASSWORD });

describe("the bureau's requisites", () => {
  it('come with the demo data, complete and with a valid INN', async () => {
    expect(await loadRequisites(database.db)).toEqual(DEMO_REQUISITES);
    expect(isValidInn(DEMO_REQUISITES.inn)).toBe(true);
  });

  it('are never overwritten by a later start, and come back only when they are missing', async () => {
    const own = { ...DEMO_REQUISITES, name: 'ООО «Лингва»' };
    await database.db.update(settings).set({ value: own }).where(eq(settings.key, REQUISITES_KEY));
    await seedAgain();
    expect((await loadRequisites(database.db)).name).toBe('ООО «Лингва»');
    await database.db.delete(settings).where(eq(settings.key, REQUISITES_KEY));
    await seedAgain();
    expect(await loadRequisites(database.db)).toEqual(DEMO_REQUISITES);
  });

  it('refuse to print documents with broken requisites (409 in Russian), never a 500', async () => {
    await database.db
      .update(settings)
      .set({ value: { ...DEMO_REQUISITES, bik: '12' } })
      .where(eq(settings.key, REQUISITES_KEY));
    const refusal = await loadRequisites(database.db).then(() => null, toErrorAnswer);
    expect(refusal).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/Реквизиты бюро не заполнены/) },
    });
  });
});
