/**
 * An order as the contract's Order schema: the row, its lines with their assurances, its files
 * and its assignee, read in at most five queries whatever the number of lines.
 */
import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { lineLanguages } from '../../../src/domain/languages';
import type { Database } from '../../db/client';
import {
  files,
  type orderDocumentAssurances,
  type orderDocuments,
  orderFiles,
  orders,
} from '../../db/schema';
import { notFound } from '../../errors';
import { type StaffMember, staffMemberById } from '../people/staff-members';
import { assurancesOfLine, readOrderLines } from './order-lines';

export type Order = components['schemas']['Order'];

export async function loadOrder(db: Database, orderId: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('Заказ не найден');
  const { lines, assurances: lineAssurances } = await readOrderLines(db, [orderId]);
  const fileRows = await db
    .select({
      id: files.id,
      name: files.name,
      size: files.size,
      type: files.mime,
      addedAt: orderFiles.addedAt,
      addedByEmail: orderFiles.addedByEmail,
    })
    .from(orderFiles)
    .innerJoin(files, eq(files.id, orderFiles.fileId))
    .where(eq(orderFiles.orderId, orderId))
    .orderBy(asc(orderFiles.sortOrder), asc(orderFiles.addedAt));
  const assignee = row.assigneeId === null ? null : await staffMemberById(db, row.assigneeId);
  return toOrder(row, lines, lineAssurances, fileRows, assignee);
}

type OrderRow = typeof orders.$inferSelect;
type LineRow = Pick<
  typeof orderDocuments.$inferSelect,
  'id' | 'documentId' | 'type' | 'quantity' | 'targetLanguages' | 'price' | 'byEstimate'
>;
type LineAssuranceRow = Pick<
  typeof orderDocumentAssurances.$inferSelect,
  'orderDocumentId' | 'assuranceId' | 'type' | 'price'
>;

/**
 * The contract's Order from its rows: lines in their sort order, assurances in insertion order,
 * files in their sort order.
 */
export function toOrder(
  row: OrderRow,
  lines: readonly LineRow[],
  lineAssurances: readonly LineAssuranceRow[],
  fileRows: readonly {
    id: string;
    name: string;
    size: number;
    type: string;
    addedAt: Date | null;
    addedByEmail: string | null;
  }[],
  assignee: StaffMember | null,
): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    amount: row.amount,
    paymentUrl: row.paymentUrl,
    invoicePdfPath: row.invoicePdfPath,
    actPdfPath: row.actPdfPath,
    actSignedPath: row.actSignedPath,
    scansDeletedAt: row.scansDeletedAt?.toISOString() ?? null,
    name: row.name,
    phoneNumber: row.phoneNumber,
    email: row.email,
    userId: row.userId,
    placedWithoutSignIn: row.placedWithoutSignIn,
    originalLanguage: row.originalLanguage,
    targetLanguage: row.targetLanguage,
    comment: row.comment,
    documents: lines.map((line) => ({
      id: line.id,
      documentId: line.documentId,
      type: line.type,
      quantity: line.quantity,
      targetLanguages: lineLanguages(line.targetLanguages, row.targetLanguage),
      price: line.price,
      byEstimate: line.byEstimate,
      assurances: assurancesOfLine(lineAssurances, line.id).map((assurance) => ({
        assuranceId: assurance.assuranceId,
        type: assurance.type,
        price: assurance.price,
      })),
    })),
    files: fileRows.map((file) => ({
      ...file,
      url: `/api/files/${file.id}`,
      addedAt: file.addedAt?.toISOString() ?? null,
    })),
    deliveryType: row.deliveryType,
    deliveryId: row.deliveryId,
    deliveryPrice: row.deliveryPrice,
    deliveryData: row.deliveryData ?? null,
    address: row.address,
    pickupPointId: row.pickupPointId,
    pickupPointName: row.pickupPointName,
    officeId: row.officeId,
    partnerId: row.partnerId,
    promoCode: row.promoCode,
    discountPercent: row.discountPercent,
    promoAmount: row.promoAmount,
    otherPrice: row.otherPrice,
    otherCost: row.otherCost,
    payerType: row.payerType,
    organizationId: row.organizationId,
    organizationInn: row.organizationInn,
    organizationName: row.organizationName,
    organizationKpp: row.organizationKpp,
    organizationAddress: row.organizationAddress,
    urgent: row.urgent,
    urgentPercent: row.urgentPercent,
    urgentAmount: row.urgentAmount,
    dueDate: row.dueDate,
    assignee: assignee && {
      id: assignee.id,
      name: assignee.name,
      email: assignee.email,
      role: assignee.role,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
