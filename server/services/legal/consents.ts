/**
 * Consent records (152-FZ art. 9): one per order (the order form's checkbox) and one per account
 * (the sign-in form's), each pointing at the consent text's version current when it was given,
 * with the time, client address and browser. Shown on the staff order card and in the profile.
 */
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consents, legalDocuments, orders } from '../../db/schema';
import { notFound } from '../../errors';

export interface ConsentClient {
  ip: string | undefined;
  userAgent: string | undefined;
}

/** How long a consent ticked on the sign-in form waits for its address to be proved. */
export const UNCLAIMED_CONSENT_HOURS = 24;

const currentConsentVersion = sql`(select id from legal_documents where kind = 'consent' order by version desc limit 1)`;

/** The sign-in form's consent, kept by email until the code or link proves the address. */
export async function recordSignInConsent(db: Database, email: string, client: ConsentClient): Promise<void> {
  await db.insert(consents).values({
    purpose: 'account',
    email,
    documentId: currentConsentVersion as unknown as number,
    ip: client.ip ?? null,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  });
}

/**
 * After a sign-in by code or link: the latest consent ticked for this address becomes the
 * account's, unless the account already consented to the current version (nothing new to keep).
 */
export async function claimSignInConsent(db: Database, userId: number, email: string): Promise<void> {
  const since = new Date(Date.now() - UNCLAIMED_CONSENT_HOURS * 3600_000);
  await db.execute(sql`
    with current_version as (select ${currentConsentVersion} as id),
    latest as (
      select c.id from consents c
      where c.purpose = 'account' and c.user_id is null and c.email = ${email} and c.created_at > ${since.toISOString()}::timestamptz
      order by c.created_at desc limit 1)
    update consents set user_id = ${userId}, email = null
    where id in (select id from latest)
      and not exists (
        select 1 from consents k where k.user_id = ${userId} and k.purpose = 'account'
          and k.withdrawn_at is null and k.document_id = (select id from current_version))`);
}

export interface ConsentView {
  purpose: 'order' | 'account';
  orderId: number | null;
  version: number;
  title: string;
  givenAt: string;
  ip: string | null;
  userAgent: string | null;
  withdrawnAt: string | null;
}

const consentColumns = {
  purpose: consents.purpose,
  orderId: consents.orderId,
  version: legalDocuments.version,
  title: legalDocuments.title,
  givenAt: consents.createdAt,
  ip: consents.ip,
  userAgent: consents.userAgent,
  withdrawnAt: consents.withdrawnAt,
};

const toView = (row: {
  purpose: 'order' | 'account';
  orderId: number | null;
  version: number;
  title: string;
  givenAt: Date;
  ip: string | null;
  userAgent: string | null;
  withdrawnAt: Date | null;
}): ConsentView => ({
  ...row,
  givenAt: row.givenAt.toISOString(),
  withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
});

/** A person's consents, newest first: their account's and their orders'. */
export async function consentsOfUser(db: Database, userId: number): Promise<ConsentView[]> {
  const rows = await db
    .select(consentColumns)
    .from(consents)
    .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.createdAt), desc(consents.id));
  return rows.map(toView);
}

/**
 * Everything a person consented to, newest first: their account's consents and those of their
 * orders (`orderIds`, the cabinet's orders, some of which may have been placed without an account).
 */
export async function consentsOfPerson(
  db: Database,
  userId: number,
  orderIds: readonly number[],
): Promise<ConsentView[]> {
  const rows = await db
    .select(consentColumns)
    .from(consents)
    .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
    .where(
      orderIds.length > 0
        ? or(eq(consents.userId, userId), inArray(consents.orderId, [...orderIds]))
        : eq(consents.userId, userId),
    )
    .orderBy(desc(consents.createdAt), desc(consents.id));
  return rows.map(toView);
}

/** The consent the order was placed with; null for orders placed before consents were asked. */
export async function consentOfOrder(db: Database, orderId: number): Promise<ConsentView | null> {
  const [row] = await db
    .select(consentColumns)
    .from(consents)
    .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
    .where(eq(consents.orderId, orderId))
    .limit(1);
  return row ? toView(row) : null;
}

/** The staff card's view: 404 for an order that does not exist. */
export async function orderConsentForStaff(
  db: Database,
  orderId: number,
): Promise<{ consent: ConsentView | null }> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Заказ не найден');
  return { consent: await consentOfOrder(db, orderId) };
}

/** Sign-in consents whose address was never proved: someone may have typed another's email. */
export async function deleteUnclaimedConsents(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCLAIMED_CONSENT_HOURS * 3600_000);
  const deleted = await db
    .delete(consents)
    .where(
      and(
        isNull(consents.userId),
        eq(consents.purpose, 'account'),
        gt(sql`${before.toISOString()}::timestamptz`, consents.createdAt),
      ),
    )
    .returning({ id: consents.id });
  return deleted.length;
}
