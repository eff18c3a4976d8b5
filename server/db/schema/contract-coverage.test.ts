/**
 * The tables hold every field the contract's entities show, under the same name, so handlers
 * map rows to answers without inventing data. Fields computed from other rows are listed.
 */
import { getTableColumns, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../http/contract';
import {
  accessRequests,
  assurances,
  deliveries,
  documentTypes,
  invoices,
  notifications,
  offices,
  orders,
  organizations,
  partners,
  pickupPoints,
  promoCodes,
  pushMessages,
  userChanges,
  users,
} from '.';

const schemas = loadContract().components.schemas as Record<string, { properties: Record<string, unknown> }>;

/** Entity → its table, and the fields that come from elsewhere (with where from). */
const COVERAGE: [entity: string, table: Table, derived: string[]][] = [
  ['Order', orders, ['documents', 'files', 'assignee']], // order_documents, order_files, users (assignee_id)
  ['PickupPoint', pickupPoints, ['photos']], // pickup_point_photos
  ['Office', offices, []],
  ['DocumentType', documentTypes, []],
  ['Assurance', assurances, []],
  ['Delivery', deliveries, []],
  ['PromoCode', promoCodes, []],
  ['Partner', partners, ['pointsCount']], // count of pickup_points
  ['User', users, ['partnerName', 'erasure']], // partners.name; personal_data_erasures
  ['UserChange', userChanges, []],
  ['SentPush', pushMessages, []],
  ['Organization', organizations, []],
  ['AccessRequest', accessRequests, []],
  ['Notification', notifications, ['read']], // read_at is not null
  ['Invoice', invoices, ['orderNumber', 'pdfUrl', 'pdfStatus', 'signedUrl']], // orders.number, files: the PDF made or not, the signed scan
];

describe('the database schema covers the contract', () => {
  it.each(COVERAGE)('%s has a column for each of its fields', (entity, table, derived) => {
    const columns = Object.keys(getTableColumns(table));
    const fields = Object.keys(schemas[entity]?.properties ?? {});
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((field) => !derived.includes(field) && !columns.includes(field))).toEqual([]);
  });
});
