/**
 * The ownership conditions later issues add to their queries: who reaches which orders,
 * notifications, organizations, pickup points and files, on real rows.
 */
import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/roles';
import { files, notifications, orders, organizations, pickupPoints } from '../db/schema';
import {
  createFile,
  createNotification,
  createOrder,
  createOrganization,
  createUser,
} from '../test-support/fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import {
  mayManagePoint,
  scopeFilesFor,
  scopeManagedPointsFor,
  scopeNotificationsFor,
  scopeOrdersFor,
  scopeOrganizationsFor,
  scopeOwnOrdersFor,
} from './ownership';

let server: TestServer;
const ids = {} as Record<string, number | string>;
const caller = (role: Role, id: number, partnerId: number | null = null) => ({ id, role, partnerId });
let anna: { id: number };
let boris: { id: number };

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.context;
  anna = await createUser(ctx);
  boris = await createUser(ctx);
  ids.annaAtPartner1 = (await createOrder(ctx, { userId: anna.id, partnerId: 1 })).id;
  ids.borisAtPartner2 = (await createOrder(ctx, { userId: boris.id, partnerId: 2 })).id;
  ids.annaNotification = (await createNotification(ctx, anna.id)).id;
  ids.borisNotification = (await createNotification(ctx, boris.id)).id;
  ids.annaOrganization = (await createOrganization(ctx, anna.id)).id;
  ids.borisOrganization = (await createOrganization(ctx, boris.id)).id;
  ids.annaFile = (await createFile(ctx, anna.id, ids.annaAtPartner1 as number)).id;
  ids.borisFile = (await createFile(ctx, boris.id, ids.borisAtPartner2 as number)).id;
});
afterAll(() => server?.close());

const mine = <T extends { id: unknown }>(rows: T[], names: string[]) =>
  names.filter((name) => rows.some((row) => row.id === ids[name]));

describe('ownership scopes', () => {
  it('orders: a customer their own, a partner their partner’s, office staff all', async () => {
    const visible = async (who: ReturnType<typeof caller>) =>
      mine(
        await server.context.db
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              inArray(orders.id, [ids.annaAtPartner1, ids.borisAtPartner2] as number[]),
              scopeOrdersFor(who),
            ),
          ),
        ['annaAtPartner1', 'borisAtPartner2'],
      );
    expect(await visible(caller('USER', anna.id))).toEqual(['annaAtPartner1']);
    expect(await visible(caller('PARTNER', 999, 1))).toEqual(['annaAtPartner1']);
    expect(await visible(caller('PARTNER', 999, 2))).toEqual(['borisAtPartner2']);
    expect(await visible(caller('PARTNER', 999, null))).toEqual([]);
    expect(await visible(caller('MANAGER', 999))).toEqual(['annaAtPartner1', 'borisAtPartner2']);
    const own = await server.context.db
      .select({ id: orders.id })
      .from(orders)
      .where(scopeOwnOrdersFor(caller('ADMIN', anna.id)));
    expect(mine(own, ['annaAtPartner1', 'borisAtPartner2'])).toEqual(['annaAtPartner1']);
  });

  it('notifications are personal; organizations are their owner’s or an ADMIN’s', async () => {
    const notes = await server.context.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(scopeNotificationsFor(caller('ADMIN', anna.id)));
    expect(mine(notes, ['annaNotification', 'borisNotification'])).toEqual(['annaNotification']);
    const orgs = async (who: ReturnType<typeof caller>) =>
      mine(
        await server.context.db
          .select({ id: organizations.id })
          .from(organizations)
          .where(scopeOrganizationsFor(who)),
        ['annaOrganization', 'borisOrganization'],
      );
    expect(await orgs(caller('USER', boris.id))).toEqual(['borisOrganization']);
    expect(await orgs(caller('MANAGER', boris.id))).toEqual(['borisOrganization']);
    expect(await orgs(caller('ADMIN', 999))).toEqual(['annaOrganization', 'borisOrganization']);
  });

  it('pickup points are managed by their partner’s PARTNER and by ADMIN only', async () => {
    const count = async (who: ReturnType<typeof caller>) =>
      (
        await server.context.db
          .select({ partnerId: pickupPoints.partnerId })
          .from(pickupPoints)
          .where(scopeManagedPointsFor(who))
      ).map((p) => p.partnerId);
    expect(new Set(await count(caller('PARTNER', 1, 1)))).toEqual(new Set([1]));
    expect(await count(caller('MANAGER', 1))).toEqual([]);
    expect((await count(caller('ADMIN', 1))).length).toBeGreaterThan(30);
    expect(mayManagePoint(caller('PARTNER', 1, 2), { partnerId: 2 })).toBe(true);
    expect(mayManagePoint(caller('PARTNER', 1, 2), { partnerId: 1 })).toBe(false);
    expect(mayManagePoint(caller('PARTNER', 1, null), { partnerId: null })).toBe(false);
  });

  it("files: their owner and the office staff; never a partner, even of the order's point", async () => {
    const visible = async (who: ReturnType<typeof caller> | null) =>
      mine(
        await server.context.db
          .select({ id: files.id })
          .from(files)
          .where(and(inArray(files.id, [ids.annaFile, ids.borisFile] as string[]), scopeFilesFor(who))),
        ['annaFile', 'borisFile'],
      );
    expect(await visible(null)).toEqual([]);
    expect(await visible(caller('USER', anna.id))).toEqual(['annaFile']);
    expect(await visible(caller('PARTNER', 999, 2))).toEqual([]);
    expect(await visible(caller('ADMIN', 999))).toEqual(['annaFile', 'borisFile']);
  });
});
