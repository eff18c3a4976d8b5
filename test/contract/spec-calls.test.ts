/**
 * Every call the app was specified to make is in openapi.yaml with the same method and path: the
 * list below is the product owner's list of calls, written down by hand, not derived from the
 * contract, so a renamed or dropped route fails here. Operations beyond it are marked Addition.
 */
import { describe, expect, it } from 'vitest';
import { listOperations, loadContract } from '../../server/http/contract';

const SPEC_CALLS = `
POST /api/auth
POST /api/auth/login
POST /api/auth/hash
POST /api/auth/email/request-code
POST /api/auth/email/verify
POST /api/auth/refresh
POST /api/auth/request-access
POST /api/auth/logout
GET /api/profile
GET /api/order
GET /api/order/partner
POST /api/order
DELETE /api/order
PATCH /api/order/status
PATCH /api/order/amount
PATCH /api/order/other-document-amount
PUT /api/order/payment-link
GET /api/order/form-params
POST /api/order/{courier}-delivery/check-price
POST /api/order/{id}/act-signed
GET /api/user/orders
GET /api/user/orders/{id}
POST /api/user/orders/{id}/repeat
POST /api/user/orders/{id}/payment
POST /api/user/orders/{id}/generate-invoice
POST /api/user/orders/{id}/generate-act
POST /api/user/orders/{id}/confirm-invoice-payment
POST /api/user/orders/{id}/cancel
GET /api/user/notifications
PATCH /api/user/notifications/{id}/read
PATCH /api/user/notifications/read-all
DELETE /api/user/notifications/{id}
GET /api/notifications/stats
POST /api/notifications/subscribe
GET /api/form-settings/document
POST /api/form-settings/document
PUT /api/form-settings/document
DELETE /api/form-settings/document
GET /api/form-settings/assurance
POST /api/form-settings/assurance
PUT /api/form-settings/assurance
DELETE /api/form-settings/assurance
GET /api/form-settings/delivery
POST /api/form-settings/delivery
PUT /api/form-settings/delivery
DELETE /api/form-settings/delivery
PUT /api/form-settings/document/reorder
PUT /api/form-settings/assurance/reorder
GET /api/form-settings/promocode
POST /api/form-settings/promocode
PUT /api/form-settings/promocode
DELETE /api/form-settings/promocode
POST /api/form-settings/promocode/validate
GET /api/point
GET /api/point/active
GET /api/point/{id}
GET /api/point/partner/{partnerId}
POST /api/point
PUT /api/point
DELETE /api/point
PATCH /api/point/status
POST /api/point/photo/{id}
GET /api/partner
POST /api/partner
PUT /api/partner
GET /api/user/list
POST /api/user/role
POST /api/user/role-partner
POST /api/user/block
POST /api/user/unblock
POST /api/user/set-credentials
DELETE /api/user/{id}
PATCH /api/organization/{orgId}/signer
GET /api/office
GET /api/office/{id}
POST /api/office
PUT /api/office
DELETE /api/office
GET /api/admin/access-requests
POST /api/admin/access-requests/{id}/approve
POST /api/admin/access-requests/{id}/reject
GET /api/admin/generate-password
GET /api/admin/stats/unit-economics
GET /api/admin/queue/info
GET /api/admin/queue/order/{orderId}
DELETE /api/admin/queue/order/{orderId}
GET /api/admin/queue/jobs/{status}
GET /api/admin/cron/info
POST /api/admin/cron/initialize
DELETE /api/admin/cron/all
GET /api/admin/order-monitoring/dashboard
POST /api/upload/public
POST /api/upload
`
  .trim()
  .split('\n');

describe('openapi.yaml and the calls the app was specified to make', () => {
  const routes = new Set(listOperations(loadContract()).map((op) => `${op.method.toUpperCase()} ${op.path}`));

  it('holds every specified call with its method and path', () => {
    expect(SPEC_CALLS.filter((call) => !routes.has(call))).toEqual([]);
  });

  it('marks every operation the list does not name as an addition', () => {
    const contract = loadContract();
    const unmarked = listOperations(contract)
      .filter((op) => !SPEC_CALLS.includes(`${op.method.toUpperCase()} ${op.path}`))
      .filter((op) => !/Addition/.test(`${op.operation.summary ?? ''} ${op.operation.description ?? ''}`))
      .map((op) => `${op.method.toUpperCase()} ${op.path}`);
    expect(unmarked).toEqual([]);
  });
});
