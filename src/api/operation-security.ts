/**
 * Who may call what, as the contract's `security` says (docs/decisions/0002): the gateway sends
 * no token on public operations, sends one if it has it on optional ones, and refuses to send a
 * required-token call without one. Kept by hand; operation-security.test.ts compares it with
 * openapi.yaml so it cannot drift.
 */
import type { paths } from './schema.gen';

export type OperationSecurity = 'public' | 'optional' | 'required';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OperationKey = `${Method} ${keyof paths & string}`;

/** `security: []` — no token is ever sent. */
export const PUBLIC_OPERATIONS: readonly OperationKey[] = [
  'POST /api/auth',
  'POST /api/auth/login',
  'POST /api/auth/hash',
  'GET /api/auth/invitation',
  'POST /api/auth/invitation/accept',
  'POST /api/auth/email/request-code',
  'POST /api/auth/email/verify',
  'GET /api/order/form-params',
  'POST /api/order/{courier}-delivery/check-price',
  'GET /api/notifications/vapid-public-key',
  'POST /api/form-settings/promocode/validate',
  'GET /api/point/active',
  'GET /api/office',
  'GET /api/office/{id}',
  'POST /api/upload/public',
  'GET /api/health',
  'POST /api/address/suggest',
  'GET /api/map/config',
  'POST /api/payments/yookassa/webhook',
  'GET /api/legal/{kind}',
  'GET /api/track',
  'GET /api/track/{token}',
  'POST /api/track/{token}/telegram',
  'POST /api/telegram/webhook',
];

/** `security: [{}, {bearerAuth: []}]` — public, with the token when there is one. */
export const OPTIONAL_OPERATIONS: readonly OperationKey[] = [
  'POST /api/order',
  'GET /api/point/{id}',
  'GET /api/files/{id}',
];

const PUBLIC = new Set<string>(PUBLIC_OPERATIONS);
const OPTIONAL = new Set<string>(OPTIONAL_OPERATIONS);

export function operationSecurity(method: string, schemaPath: string): OperationSecurity {
  const key = `${method.toUpperCase()} ${schemaPath}`;
  if (PUBLIC.has(key)) return 'public';
  if (OPTIONAL.has(key)) return 'optional';
  return 'required';
}

/**
 * Calls that go to the server even without a stored token (docs/sessions-and-tokens.md): the
 * sign-in family and promo validation. Every other required-token call is cancelled locally.
 */
export function mayGoWithoutToken(schemaPath: string): boolean {
  return (
    schemaPath === '/api/auth' ||
    schemaPath.startsWith('/api/auth/') ||
    schemaPath === '/api/form-settings/promocode/validate'
  );
}

/** The logout call: its 401 means "already signed out", never a redirect. */
export function isLogout(method: string, schemaPath: string): boolean {
  return method.toUpperCase() === 'POST' && schemaPath === '/api/auth/logout';
}

/**
 * GET answers that are not kept offline: one-time or diagnostic values, the live session and
 * binary files (the service worker keeps public photos).
 */
const NOT_CACHED = new Set<string>([
  // A look-up by number and contact: the page goes on to the order's link, which is kept.
  '/api/track',
  '/api/admin/generate-password',
  '/api/auth/session',
  '/api/health',
  '/api/files/{id}',
  '/api/notifications/vapid-public-key',
]);

export function isCacheableGet(method: string, schemaPath: string): boolean {
  return method.toUpperCase() === 'GET' && !NOT_CACHED.has(schemaPath);
}
