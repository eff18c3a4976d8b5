/**
 * The customer-facing documents (consent, privacy policy, public offer) as versions: the public
 * pages read the newest version of each, filled with the operator's details; an ADMIN publishes
 * a new version (never edits an old one, which consents point at) and edits the operator's
 * details. A fresh installation starts from default-texts.ts (ensureLegalDocuments, run at start).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { emailProblem } from '../../../src/domain/email';
import { INN_ERROR, isValidInn } from '../../../src/domain/inn';
import { fillLegalText, type LegalOperator } from '../../../src/domain/legal-documents';
import { LEGAL_DOCUMENT_KINDS, type LegalDocumentKind } from '../../../src/domain/legal-pages';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { legalDocuments, settings, users } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { loadRequisites } from '../documents/requisites';
import { DEFAULT_LEGAL_DOCUMENTS } from './default-texts';

export const OPERATOR_KEY = 'legal.operator';

const OperatorSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(300)),
  inn: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(12)),
  address: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(500)),
  contact: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200)),
});

/** The first version of every document that has none; safe to run at every start. */
export async function ensureLegalDocuments(db: Database): Promise<void> {
  await db
    .insert(legalDocuments)
    .values(LEGAL_DOCUMENT_KINDS.map((kind) => ({ kind, version: 1, ...DEFAULT_LEGAL_DOCUMENTS[kind] })))
    .onConflictDoNothing();
}

/**
 * Who processes the data. Until an ADMIN sets it, the bureau's requisites (as on invoices) with
 * their email as the contact for requests.
 */
export async function loadOperator(db: Database): Promise<LegalOperator> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, OPERATOR_KEY));
  const parsed = row ? v.safeParse(OperatorSchema, row.value) : undefined;
  if (parsed?.success) return parsed.output;
  const requisites = await loadRequisites(db).catch(() => null);
  return {
    name: requisites?.name ?? 'Бюро переводов',
    inn: requisites?.inn ?? '—',
    address: requisites?.address ?? '—',
    contact: requisites?.email ?? requisites?.phone ?? '—',
  };
}

/** The operator's details a person would get wrong: each with its message beside its field. */
function operatorProblems(operator: LegalOperator): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!isValidInn(operator.inn.trim())) problems.push({ path: '/body/inn', message: INN_ERROR });
  const contact = emailProblem(operator.contact);
  if (contact)
    problems.push({ path: '/body/contact', message: `${contact} для обращений о персональных данных` });
  return problems;
}

export async function saveOperator(db: Database, operator: LegalOperator): Promise<LegalOperator> {
  const parsed = v.safeParse(OperatorSchema, operator);
  if (!parsed.success)
    throw new ProductError(
      'validation',
      'VALIDATION_ERROR',
      'Заполните название, ИНН, адрес и контакт оператора',
    );
  const problems = operatorProblems(parsed.output);
  if (problems.length > 0)
    throw new ProductError('validation', 'VALIDATION_ERROR', problems[0]?.message ?? '', problems);
  await db
    .insert(settings)
    .values({ key: OPERATOR_KEY, value: parsed.output })
    .onConflictDoUpdate({ target: settings.key, set: { value: parsed.output, updatedAt: new Date() } });
  return parsed.output;
}

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;

/** The newest version of a kind (there is always one: ensureLegalDocuments runs at start). */
export async function currentVersion(db: Database, kind: LegalDocumentKind): Promise<LegalDocumentRow> {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, kind))
    .orderBy(desc(legalDocuments.version))
    .limit(1);
  if (!row) throw notFound('Документ ещё не опубликован');
  return row;
}

export interface ShownLegalDocument {
  kind: LegalDocumentKind;
  version: number;
  title: string;
  text: string;
  publishedAt: string;
}

export async function showLegalDocument(
  ctx: AppContext,
  kind: LegalDocumentKind,
): Promise<ShownLegalDocument> {
  const [row, operator] = await Promise.all([currentVersion(ctx.db, kind), loadOperator(ctx.db)]);
  return {
    kind,
    version: row.version,
    title: row.title,
    text: fillLegalText(row.body, { ...operator, scanRetentionDays: ctx.config.scanRetentionDays }),
    publishedAt: row.createdAt.toISOString(),
  };
}

/** Everything the ADMIN's screen shows: the operator and every version of every document. */
export async function legalDocumentsForAdmin(db: Database) {
  const rows = await db
    .select({
      kind: legalDocuments.kind,
      version: legalDocuments.version,
      title: legalDocuments.title,
      body: legalDocuments.body,
      createdAt: legalDocuments.createdAt,
      createdBy: users.email,
      consents: sql<number>`(select count(*)::int from consents c where c.document_id = ${legalDocuments.id})`,
    })
    .from(legalDocuments)
    .leftJoin(users, eq(users.id, legalDocuments.createdByUserId))
    .orderBy(legalDocuments.kind, desc(legalDocuments.version));
  return {
    operator: await loadOperator(db),
    documents: LEGAL_DOCUMENT_KINDS.map((kind) => ({
      kind,
      versions: rows
        .filter((row) => row.kind === kind)
        .map((row) => ({
          version: row.version,
          title: row.title,
          body: row.body,
          publishedAt: row.createdAt.toISOString(),
          publishedBy: row.createdBy ?? null,
          consents: Number(row.consents),
        })),
    })),
  };
}

/** A new version; consents given from now on point at it, earlier ones keep theirs. */
export async function publishLegalDocument(
  db: Database,
  kind: LegalDocumentKind,
  input: { title: string; body: string },
  actorUserId: number,
): Promise<void> {
  const title = input.title.trim();
  const body = input.body.trim();
  if (!title || !body)
    throw new ProductError('validation', 'VALIDATION_ERROR', 'Заполните заголовок и текст документа');
  await db.transaction(async (tx) => {
    // One publisher at a time per kind: the next number is read under the lock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal:${kind}`}))`);
    const [last] = await tx
      .select({ version: legalDocuments.version })
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, kind)))
      .orderBy(desc(legalDocuments.version))
      .limit(1);
    await tx
      .insert(legalDocuments)
      .values({ kind, version: (last?.version ?? 0) + 1, title, body, createdByUserId: actorUserId });
  });
}
