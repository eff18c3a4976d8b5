/**
 * Ownership, on top of the role the contract checks: which rows a signed-in caller may reach.
 * A USER reaches only their own orders, notifications, organization and files; a PARTNER only
 * their partner's orders and pickup points — never the files of those orders, which are the
 * customer's and the office staff's (docs/decisions/0038); ADMIN and MANAGER reach everything. Services add these conditions to their queries and answer 404 for what
 * falls outside, so the ids of other people's records are not confirmed to exist.
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { files, notifications, orders, organizations, pickupPoints } from '../db/schema';
import type { SignedInUser } from './tokens';

type Caller = Pick<SignedInUser, 'id' | 'role' | 'partnerId'>;

const NOTHING = sql`false`;

const isOfficeStaff = (user: Caller) => user.role === 'ADMIN' || user.role === 'MANAGER';

/** Orders the caller may see in the back office (staff) or the cabinet (USER); undefined: all. */
export function scopeOrdersFor(user: Caller): SQL | undefined {
  if (isOfficeStaff(user)) return undefined;
  if (user.role === 'PARTNER')
    return user.partnerId === null ? NOTHING : eq(orders.partnerId, user.partnerId);
  return eq(orders.userId, user.id);
}

/**
 * The cabinet's own orders, whatever the role: those placed by the caller, and those left without
 * an account (theirs was deleted) that were placed with the caller's email — an address they
 * proved by signing in with it (docs/decisions/0011).
 */
export function scopeOwnOrdersFor(user: Caller & { email?: string | null }): SQL {
  const own = eq(orders.userId, user.id);
  if (!user.email) return own;
  return or(
    own,
    and(isNull(orders.userId), sql`lower(${orders.email}) = ${user.email.trim().toLowerCase()}`),
  ) as SQL;
}

/** Notifications are always personal, staff included. */
export function scopeNotificationsFor(user: Caller): SQL {
  return eq(notifications.userId, user.id);
}

/** Organizations the caller may change (the signer): their own, or any for ADMIN. */
export function scopeOrganizationsFor(user: Caller): SQL | undefined {
  return user.role === 'ADMIN' ? undefined : eq(organizations.userId, user.id);
}

/** Pickup points the caller may manage: a PARTNER their partner's; ADMIN all; others none. */
export function scopeManagedPointsFor(user: Caller): SQL | undefined {
  if (user.role === 'ADMIN') return undefined;
  if (user.role === 'PARTNER' && user.partnerId !== null) return eq(pickupPoints.partnerId, user.partnerId);
  return NOTHING;
}

export function mayManagePoint(user: Caller, point: { partnerId: number | null }): boolean {
  if (user.role === 'ADMIN') return true;
  return user.role === 'PARTNER' && user.partnerId !== null && user.partnerId === point.partnerId;
}

/**
 * Files the caller may download: public ones, their own, and for a customer those of their
 * orders. A partner hands orders over without opening their scans: only public files and its own.
 */
export function scopeFilesFor(user: Caller | null): SQL | undefined {
  if (user && isOfficeStaff(user)) return undefined;
  const conditions: SQL[] = [eq(files.isPublic, true)];
  if (user) {
    conditions.push(eq(files.ownerUserId, user.id));
    const visibleOrders = user.role === 'USER' ? scopeOrdersFor(user) : undefined;
    if (visibleOrders) {
      conditions.push(
        inArray(files.orderId, sql`(select ${orders.id} from ${orders} where ${visibleOrders})`),
      );
    }
  }
  return or(...conditions);
}
