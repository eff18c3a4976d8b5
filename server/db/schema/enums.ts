/**
 * Postgres enums. The value lists come from src/domain and the contract, so the database cannot
 * hold a status or role the app does not know.
 */
import { pgEnum } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../../src/domain/order-status';
import { PROMO_KINDS } from '../../../src/domain/promo';
import { ROLES } from '../../../src/domain/roles';

export const roleEnum = pgEnum('role', ROLES);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
/** A promo code takes a percent off, or a fixed sum in rubles (src/domain/promo.ts). */
export const promoKindEnum = pgEnum('promo_kind', PROMO_KINDS);
/** Order fields whose changes are kept in order_changes. */
export const orderChangeFieldEnum = pgEnum('order_change_field', [
  'AMOUNT',
  'OTHER_PRICE',
  'OTHER_COST',
  'PAYMENT_URL',
  'ACT_SIGNED',
  'FILES_ADDED',
  'RESULTS_ADDED',
  'RESULT_REMOVED',
  'DUE_DATE',
  'ASSIGNEE',
  'LINE_PRICE',
  'LINE_COST',
  // The customer's or staff's change of the order before work starts (decision 0056).
  'DOCUMENTS',
  'DELIVERY',
  'URGENCY',
]);
/** What a user's history (user_changes) records: who they are and how they sign in. */
export const userChangeFieldEnum = pgEnum('user_change_field', [
  'ROLE',
  'PARTNER',
  'BLOCK',
  'LOGIN',
  'PASSWORD',
  'EMAIL',
  'PHONE',
  'NAME',
]);
export const payerTypeEnum = pgEnum('payer_type', ['INDIVIDUAL', 'LEGAL']);
export const deliveryCodeEnum = pgEnum('delivery_code', ['OFFICE', 'PICKUP_POINT', 'COURIER']);
export const pickupPointTypeEnum = pgEnum('pickup_point_type', ['PARTNER', 'COURIER_SERVICE']);
export const accessRequestStatusEnum = pgEnum('access_request_status', ['PENDING', 'APPROVED', 'REJECTED']);
export const invoiceKindEnum = pgEnum('invoice_kind', ['INVOICE', 'ACT']);
export const invoiceStatusEnum = pgEnum('invoice_status', ['ISSUED', 'PAYMENT_CONFIRMED', 'PAID', 'SIGNED']);
/** What a stored file is for; decides who may download it. */
export const fileKindEnum = pgEnum('file_kind', [
  'ORDER_DOCUMENT',
  'POINT_PHOTO',
  'INVOICE_PDF',
  'ACT_PDF',
  'ACT_SIGNED',
  /** The finished translation staff attach to the order for its customer (order_results). */
  'ORDER_RESULT',
  /** A file attached to a message of the order's conversation (order_message_files). */
  'MESSAGE_FILE',
]);
/** Catalogue records whose changes are kept in catalogue_changes (the contract's CatalogueEntity). */
export const catalogueEntityEnum = pgEnum('catalogue_entity', [
  'DOCUMENT',
  'ASSURANCE',
  'DELIVERY',
  'PROMO_CODE',
  'OFFICE',
  'PARTNER',
  'PICKUP_POINT',
  'WORK_CALENDAR',
]);
export const catalogueActionEnum = pgEnum('catalogue_action', [
  'CREATED',
  'UPDATED',
  'DELETED',
  'HIDDEN',
  'DEACTIVATED',
  'REORDERED',
  'PHOTO_ADDED',
  'PHOTO_REMOVED',
]);
export const legalDocumentKindEnum = pgEnum('legal_document_kind', ['consent', 'privacy', 'offer']);
/** What a consent was given for: placing an order, or opening a cabinet account. */
export const consentPurposeEnum = pgEnum('consent_purpose', ['order', 'account']);
/** A refund: sent to the provider and not answered yet, done, or refused by it. */
export const refundStatusEnum = pgEnum('refund_status', ['PENDING', 'SUCCEEDED', 'FAILED']);
/** Who asked for a person's data to be erased: the customer in the cabinet, or staff on a written request. */
export const erasureRequesterEnum = pgEnum('erasure_requester', ['CUSTOMER', 'STAFF']);
/** Who wrote a message of an order's conversation: its customer or the bureau's office. */
export const messageSideEnum = pgEnum('message_side', ['CUSTOMER', 'BUREAU']);
