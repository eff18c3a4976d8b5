/**
 * The rows an erasure changes, table by table, inside its transaction (docs/personal-data.md says
 * what goes and what stays, and why). Accounting keeps the orders' numbers, dates, lines, amounts,
 * payments, refunds, invoices and acts; the person's name, phone, email, addresses, comments and
 * uploads go. Free text that may quote them (staff comments, logs, staff notifications, queued
 * mail) is scrubbed of their values rather than dropped.
 */
import { and, type Column, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  accessRequests,
  catalogueChanges,
  consents,
  courierDeliveries,
  emailCodes,
  files,
  magicLinks,
  notifications,
  orderChanges,
  orderEvents,
  orderFiles,
  orderMessages,
  orderNotes,
  orderResults,
  orderStatusHistory,
  orders,
  organizations,
  pushMessages,
  pushSubscriptions,
  rateLimits,
  refunds,
  sessions,
  staffInvitations,
  telegramStartTokens,
  telegramSubscriptions,
  trackingLinks,
  userChanges,
  users,
} from '../../db/schema';
import { hasJobTables } from '../../queue/transaction';
import { ERASED, scrubJson } from './scrub';

type Scrub = (text: string) => string;

/** What an erasure works on: the person, their orders, their emails (lower case), the time. */
export interface ErasureScope {
  userId: number;
  orderIds: number[];
  emails: string[];
  at: Date;
}

/** `(a, b, c)` for `in`; `(null)` when empty, which matches nothing. */
const list = (values: readonly (string | number)[]) =>
  values.length > 0
    ? sql`(${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql`(null)`;

const erasedIfSet = (column: Column) => sql`case when ${column} is null then null else ${ERASED} end`;

const lowerIn = (column: Column, emails: readonly string[]) =>
  emails.length > 0 ? inArray(sql`lower(${column})`, [...emails]) : sql`false`;

/**
 * The orders stay for accounting with «удалено» for the person. A company's requisites stay where
 * an invoice or act names them (the counterparty of an accounting document); otherwise they are
 * the person's typing like the rest.
 */
export async function eraseOrders(tx: Database, scope: ErasureScope, scannedOrderIds: readonly number[]) {
  if (scope.orderIds.length === 0) return;
  const noDocuments = sql`(${orders.payerType} = 'LEGAL' and not exists (select 1 from invoices i where i.order_id = ${orders.id}))`;
  const requisite = (column: Column) =>
    sql`case when ${noDocuments} and ${column} is not null then ${ERASED} else ${column} end`;
  await tx
    .update(orders)
    .set({
      name: ERASED,
      phoneNumber: ERASED,
      email: ERASED,
      comment: erasedIfSet(orders.comment),
      address: erasedIfSet(orders.address),
      organizationName: requisite(orders.organizationName),
      organizationInn: requisite(orders.organizationInn),
      organizationAddress: requisite(orders.organizationAddress),
      organizationKpp: sql`case when ${noDocuments} then null else ${orders.organizationKpp} end`,
      scansDeletedAt:
        scannedOrderIds.length > 0
          ? sql`case when ${inArray(orders.id, [...scannedOrderIds])} then coalesce(${orders.scansDeletedAt}, ${scope.at.toISOString()}::timestamptz) else ${orders.scansDeletedAt} end`
          : undefined,
      updatedAt: scope.at,
    })
    .where(inArray(orders.id, scope.orderIds));
}

/**
 * The orders' conversations: the person's own messages keep their place and time with «удалено»
 * for the text and the author (their files go with the scans); the bureau's messages, the office's
 * notes and the notes sent with the finished translation keep their words, scrubbed of the
 * person's values as staff comments are.
 */
export async function eraseConversations(tx: Database, scope: ErasureScope, scrub: Scrub) {
  const { orderIds } = scope;
  if (orderIds.length === 0) return;
  await tx
    .update(orderMessages)
    .set({ text: ERASED, authorEmail: erasedIfSet(orderMessages.authorEmail) })
    .where(and(inArray(orderMessages.orderId, orderIds), eq(orderMessages.side, 'CUSTOMER')));
  await scrubRows(
    await tx
      .select()
      .from(orderMessages)
      .where(and(inArray(orderMessages.orderId, orderIds), eq(orderMessages.side, 'BUREAU'))),
    ['text'],
    scrub,
    (id, changes) => tx.update(orderMessages).set(changes).where(eq(orderMessages.id, id)),
  );
  await scrubRows(
    await tx.select().from(orderNotes).where(inArray(orderNotes.orderId, orderIds)),
    ['text'],
    scrub,
    (id, changes) => tx.update(orderNotes).set(changes).where(eq(orderNotes.id, id)),
  );
  await scrubRows(
    await tx.select().from(orderResults).where(inArray(orderResults.orderId, orderIds)),
    ['note'],
    scrub,
    (id, changes) => tx.update(orderResults).set(changes).where(eq(orderResults.id, id)),
  );
}

/**
 * Nobody follows the person's orders any more: the Telegram chats linked to the account or to an
 * order of theirs and the bot's start tokens go, and the orders' live tracking links are revoked
 * (a visitor with an old link reads that it no longer works; the row is a nonce and a hash).
 */
export async function endFollowing(tx: Database, scope: ErasureScope) {
  const { userId, orderIds, at } = scope;
  const ofPerson = (table: typeof telegramSubscriptions | typeof telegramStartTokens) =>
    orderIds.length > 0
      ? or(eq(table.userId, userId), inArray(table.orderId, orderIds))
      : eq(table.userId, userId);
  await tx.delete(telegramSubscriptions).where(ofPerson(telegramSubscriptions));
  await tx.delete(telegramStartTokens).where(ofPerson(telegramStartTokens));
  if (orderIds.length > 0)
    await tx
      .update(trackingLinks)
      .set({ revokedAt: at })
      .where(and(inArray(trackingLinks.orderId, orderIds), isNull(trackingLinks.revokedAt)));
}

/**
 * The rows of the uploaded scans, the conversations' files and the finished translation (the bytes
 * go after the commit); answers their storage keys.
 */
export async function deleteScans(tx: Database, scope: ErasureScope, scanIds: readonly string[]) {
  if (scanIds.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(inArray(files.id, [...scanIds]))
    .returning({ storagePath: files.storagePath });
  // A signed act stays (an accounting document); the name the customer gave its file does not.
  if (scope.orderIds.length > 0) {
    await tx.execute(sql`
      update files f set name = 'Подписанный акт ' || o.number ||
        coalesce(substring(f.name from '(\\.[A-Za-z0-9]{1,5})$'), '')
      from orders o
      where o.id = f.order_id and f.kind = 'ACT_SIGNED' and f.order_id in ${list(scope.orderIds)}`);
    await tx
      .update(orderFiles)
      .set({ addedByEmail: ERASED })
      .where(and(inArray(orderFiles.orderId, scope.orderIds), sql`${orderFiles.addedByEmail} is not null`));
  }
  return removed.map((row) => row.storagePath);
}

/** Consents are withdrawn (kept as proof of what was lawful before), without address and browser. */
export async function withdrawConsents(tx: Database, scope: ErasureScope) {
  await tx
    .update(consents)
    .set({
      withdrawnAt: sql`coalesce(${consents.withdrawnAt}, ${scope.at.toISOString()}::timestamptz)`,
      ip: null,
      userAgent: null,
      email: null,
    })
    .where(
      scope.orderIds.length > 0
        ? or(eq(consents.userId, scope.userId), inArray(consents.orderId, scope.orderIds))
        : eq(consents.userId, scope.userId),
    );
  // A sign-in's tick not yet claimed by the account: the address only.
  await tx.delete(consents).where(and(isNull(consents.userId), lowerIn(consents.email, scope.emails)));
}

/** Sessions, devices, notifications, saved companies, codes, links, requests, history: gone. */
export async function deleteAccountRows(tx: Database, scope: ErasureScope) {
  const { userId, emails } = scope;
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(organizations).where(eq(organizations.userId, userId));
  await tx.delete(userChanges).where(eq(userChanges.userId, userId));
  await tx.delete(emailCodes).where(lowerIn(emailCodes.email, emails));
  await tx.delete(magicLinks).where(or(eq(magicLinks.userId, userId), lowerIn(magicLinks.email, emails)));
  await tx
    .delete(accessRequests)
    .where(or(eq(accessRequests.userId, userId), lowerIn(accessRequests.email, emails)));
  await tx
    .delete(staffInvitations)
    .where(or(eq(staffInvitations.userId, userId), lowerIn(staffInvitations.email, emails)));
  // Counters keyed by the address (code requests, mail to an unproved address).
  if (emails.length > 0)
    await tx
      .delete(rateLimits)
      .where(or(...emails.map((email) => sql`position(${email} in lower(${rateLimits.key})) > 0`)));
}

/** Histories that name the person as their author keep the entry with «удалено» for who. */
export async function eraseAuthorship(tx: Database, scope: ErasureScope) {
  const { userId, emails } = scope;
  for (const table of [orderStatusHistory, orderChanges, userChanges, catalogueChanges]) {
    await tx
      .update(table)
      .set({ actorEmail: ERASED })
      .where(or(eq(table.actorUserId, userId), lowerIn(table.actorEmail, emails)));
  }
  await tx
    .update(staffInvitations)
    .set({ invitedByEmail: ERASED })
    .where(eq(staffInvitations.invitedBy, userId));
  await tx.update(pushMessages).set({ sentByEmail: ERASED }).where(eq(pushMessages.sentByUserId, userId));
  await tx
    .update(pushMessages)
    .set({ recipientEmail: null })
    .where(or(eq(pushMessages.recipientUserId, userId), lowerIn(pushMessages.recipientEmail, emails)));
}

/** Updates each row whose text the scrub changes; `read` picks the rows, `columns` the text. */
async function scrubRows<Row extends { id: number }>(
  rows: Row[],
  columns: readonly (keyof Row)[],
  scrub: Scrub,
  write: (id: number, changes: Partial<Row>) => Promise<unknown>,
) {
  for (const row of rows) {
    const changes: Partial<Row> = {};
    for (const column of columns) {
      const value = row[column];
      if (value === null || value === undefined) continue;
      const scrubbed = typeof value === 'string' ? scrub(value) : scrubJson(value, scrub);
      if (JSON.stringify(scrubbed) !== JSON.stringify(value)) changes[column] = scrubbed as Row[keyof Row];
    }
    if (Object.keys(changes).length > 0) await write(row.id, changes);
  }
}

/**
 * Free text about the person's orders written by others or by the automation: staff comments,
 * field changes, the automation's log, staff notifications, refund reasons, the courier service's
 * answers, a staff message sent to them alone.
 */
export async function scrubFreeText(tx: Database, scope: ErasureScope, scrub: Scrub) {
  const { orderIds, userId } = scope;
  if (orderIds.length > 0) {
    const ofOrders = <T extends { orderId: unknown }>(table: T) => inArray(table.orderId as never, orderIds);
    await scrubRows(
      await tx.select().from(orderStatusHistory).where(ofOrders(orderStatusHistory)),
      ['comment'],
      scrub,
      (id, changes) => tx.update(orderStatusHistory).set(changes).where(eq(orderStatusHistory.id, id)),
    );
    await scrubRows(
      await tx.select().from(orderChanges).where(ofOrders(orderChanges)),
      ['oldValue', 'newValue', 'comment'],
      scrub,
      (id, changes) => tx.update(orderChanges).set(changes).where(eq(orderChanges.id, id)),
    );
    await scrubRows(
      await tx.select().from(orderEvents).where(ofOrders(orderEvents)),
      ['error', 'payload'],
      scrub,
      (id, changes) => tx.update(orderEvents).set(changes).where(eq(orderEvents.id, id)),
    );
    await scrubRows(
      await tx.select().from(notifications).where(ofOrders(notifications)),
      ['title', 'body'],
      scrub,
      (id, changes) => tx.update(notifications).set(changes).where(eq(notifications.id, id)),
    );
    await scrubRows(
      await tx.select().from(refunds).where(ofOrders(refunds)),
      ['reason', 'error'],
      scrub,
      (id, changes) => tx.update(refunds).set(changes).where(eq(refunds.id, id)),
    );
    await scrubRows(
      await tx.select().from(courierDeliveries).where(ofOrders(courierDeliveries)),
      ['error', 'statusName'],
      scrub,
      (id, changes) => tx.update(courierDeliveries).set(changes).where(eq(courierDeliveries.id, id)),
    );
  }
  await scrubRows(
    await tx.select().from(pushMessages).where(eq(pushMessages.recipientUserId, userId)),
    ['title', 'body'],
    scrub,
    (id, changes) => tx.update(pushMessages).set(changes).where(eq(pushMessages.id, id)),
  );
}

/** Tasks still to run about the person's orders that would only reach them: dropped. */
const DROPPED_TASKS = ['send-telegram', 'message-mail'];

/**
 * The job queue's own tables (pg-boss) keep tasks after they ran: mail to the person waiting to be
 * sent, and their orders' Telegram messages and conversation mail still to run, are dropped; every
 * task of theirs or of their orders keeps its kind with the address, the chat, the sealed
 * parameters and the error text scrubbed.
 */
export async function scrubQueuedTasks(tx: Database, scope: ErasureScope, scrub: Scrub) {
  if (!(await hasJobTables(tx))) return;
  const emails = scope.emails;
  const orderIds = scope.orderIds.map(String);
  for (const table of ['job', 'archive'] as const) {
    const [exists] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select to_regclass(${`pgboss.${table}`}) is not null as ok`,
    );
    if (!exists?.ok) continue;
    const name = sql.raw(`pgboss.${table}`);
    const mine = sql`(lower(data->>'to') in ${list(emails)} or data->>'orderId' in ${list(orderIds)})`;
    if (table === 'job')
      await tx.execute(
        sql`delete from ${name} where state in ('created', 'retry') and (lower(data->>'to') in ${list(emails)}
          or (data->>'name' in ${list(DROPPED_TASKS)} and data->>'orderId' in ${list(orderIds)}))`,
      );
    const rows = await rowsOf<{ id: string; name: string; data: unknown; output: unknown }>(
      tx,
      sql`select id, name, data, output from ${name} where ${mine}`,
    );
    for (const row of rows) {
      const data =
        row.data && typeof row.data === 'object'
          ? (() => {
              const { sealed: _sealed, ...rest } = row.data as Record<string, unknown>;
              return scrubJson(rest, scrub);
            })()
          : row.data;
      const output = row.output === null ? null : scrubJson(row.output, scrub);
      await tx.execute(
        sql`update ${name} set data = ${JSON.stringify(data)}::jsonb, output = ${output === null ? null : JSON.stringify(output)}::jsonb
          where id = ${row.id}::uuid and name = ${row.name}`,
      );
    }
  }
}

/** The account becomes a nameless shell its orders still point at; no way to sign in is left. */
export async function eraseAccount(tx: Database, scope: ErasureScope) {
  await tx
    .update(users)
    .set({
      email: null,
      login: null,
      passwordHash: null,
      telegramId: null,
      firstName: null,
      lastName: null,
      username: null,
      photoUrl: null,
      phoneNumber: null,
      partnerId: null,
      isBlocked: false,
      blockReason: null,
      erasedAt: scope.at,
      updatedAt: scope.at,
    })
    .where(eq(users.id, scope.userId));
}
