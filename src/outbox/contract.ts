/**
 * The outbox's calls as the contract (openapi.yaml → src/api/schema.gen.ts) defines them: the
 * bodies it sends and the answers it reads (the order's body, OrderCreate, is the one the form
 * drafts and Dexie keeps: src/db/schema.ts). The outbox sends with plain fetch — the service worker
 * has no API client — so these types are what makes a contract change break the compiler here.
 */
import type { components, paths } from '../api/schema.gen';

/** The paths the outbox calls: one the contract drops stops compiling where it is called. */
export type OutboxPath = Extract<
  keyof paths,
  | '/api/order'
  | '/api/order/status'
  | '/api/upload'
  | '/api/upload/public'
  | '/api/user/orders/{id}/files'
  | '/api/user/orders/{id}/messages'
  | '/api/order/{id}/messages'
>;

type PlaceOrder = paths['/api/order']['post'];
/** 201 for a new order, 200 for the answer kept for a repeated Idempotency-Key: the same shape. */
export type OrderPlaced = PlaceOrder['responses'][201 | 200]['content']['application/json'];

type ChangeStatus = paths['/api/order/status']['patch'];
export type StatusChangeRequest = ChangeStatus['requestBody']['content']['application/json'];
export type StatusChanged = ChangeStatus['responses'][200]['content']['application/json'];

type AddOrderFiles = paths['/api/user/orders/{id}/files']['post'];
export type OrderFilesAdded = AddOrderFiles['responses'][201]['content']['application/json'];

/** The customer's and the office's sends answer alike: the message and the thread with it. */
export type OrderMessageSent =
  | paths['/api/user/orders/{id}/messages']['post']['responses'][201]['content']['application/json']
  | paths['/api/order/{id}/messages']['post']['responses'][201]['content']['application/json'];

export type FilesUploaded =
  | paths['/api/upload']['post']['responses'][201]['content']['application/json']
  | paths['/api/upload/public']['post']['responses'][201]['content']['application/json'];

/** Every error answer of the contract: a code, a Russian message, details by operation. */
export type ErrorAnswer = components['schemas']['Error'];
