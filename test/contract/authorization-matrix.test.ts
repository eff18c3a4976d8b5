/**
 * Who may reach what: one table, written by hand from the roles of docs/roles-and-access.md and the
 * ownership rules, independent of the contract's `security`, so the two check each other. Every
 * operation of openapi.yaml is sent — a valid request from its examples, ids pointed at fixtures
 * the caller does or does not own — by seven callers, and each answer is classified:
 *   denied  = 401 UNAUTHORIZED, 403 FORBIDDEN, or 404 NOT_FOUND (ownership);
 *   allowed = anything else (2xx, 409, 429, 501, an operation's own 401 such as INVALID_CODE…).
 * Table cells:  +  may reach it    -  refused by sign-in or role (401 anonymous, 403 signed in)
 *               o  refused by ownership (404), checked once the operation is implemented
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import {
  assurances,
  deliveries,
  documentTypes,
  offices,
  partners,
  pickupPoints,
  promoCodes,
} from '../../server/db/schema';
import { listOperations, loadContract } from '../../server/http/contract';
import type { OperationId } from '../../server/operation-types';
import {
  createAccessRequest,
  createFile,
  createNotification,
  createOrder,
  createOrganization,
  createResult,
  createUser,
} from '../../server/test-support/fixtures';
import { signInUser } from '../../server/test-support/sign-in';
import { startTestServer, type TestServer } from '../../server/test-support/test-server';
import type { Role } from '../../src/domain/roles';
import { prepareRequest } from './requests';

const CALLERS = ['anonymous', 'user', 'otherUser', 'partner', 'otherPartner', 'manager', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Cell = '+' | '-' | 'o';

// biome-ignore format: the table is read by columns
const MATRIX: Record<OperationId, string> = {
  //                              anon user user2 partner partner2 manager admin
  // auth
  authTelegram:                  '+ + + + + + +',
  authLogin:                     '+ + + + + + +',
  authHash:                      '+ + + + + + +',
  authRequestCode:               '+ + + + + + +',
  authVerifyCode:                '+ + + + + + +',
  authRefresh:                   '- + + + + + +',
  authRequestAccess:             '- + + + + + +',
  authLogout:                    '- + + + + + +',
  authSession:                   '- + + + + + +',
  // an invitation's link: anyone holding it (404 here: the matrix's token is no invitation)
  getInvitation:                 'o o o o o o o',
  acceptInvitation:              'o o o o o o o',
  // profile: always the caller's own; the signer by the organization's owner or an ADMIN
  getProfile:                    '- + + + + + +',
  updateProfile:                 '- + + + + + +',
  // staff change their own email (a code to the new address) and password
  requestEmailChange:            '- - - + + + +',
  confirmEmailChange:            '- - - + + + +',
  changePassword:                '- - - + + + +',
  getMyOrganization:             '- + + + + + +',
  saveMyOrganization:            '- + + + + + +',
  updateOrganizationSigner:      '- + o o o o +',
  listMyInvoices:                '- + + + + + +',
  // back-office orders: office staff all, a PARTNER their partner's (its own card and list)
  listOrders:                    '- - - - - + +',
  createOrder:                   '+ + + + + + +',
  deleteOrder:                   '- - - - - - +',
  listPartnerOrders:             '- - - + + - -',
  getOrder:                      '- - - - - + +',
  getPartnerOrder:               '- - - + o - -',
  changeOrderStatus:             '- - - + o + +',
  changeOrderAmount:             '- - - - - - +',
  changeOrderOtherDocumentAmount:'- - - - - + +',
  setOrderPaymentLink:           '- - - - - + +',
  // the office's work loop: promised dates, assignees and quotes are ADMIN's and MANAGER's
  changeOrderDueDate:            '- - - - - + +',
  changeOrderAssignee:           '- - - - - + +',
  listOrderAssignees:            '- - - - - + +',
  quoteOrderLines:               '- - - - - + +',
  changeOrder:                   '- - - - - + +',
  getFormParams:                 '+ + + + + + +',
  checkCourierDeliveryPrice:     '+ + + + + + +',
  uploadSignedAct:               '- + o - - + +',
  // the cabinet: only the orders the caller placed, whatever their role
  listMyOrders:                  '- + + + + + +',
  getMyOrder:                    '- + o o o o o',
  addMyOrderFiles:               '- + o o o o o',
  repeatMyOrder:                 '- + o o o o o',
  createMyOrderPayment:          '- + o o o o o',
  generateMyOrderInvoice:        '- + o o o o o',
  generateMyOrderAct:            '- + o o o o o',
  confirmMyOrderInvoicePayment:  '- + o o o o o',
  cancelMyOrder:                 '- + o o o o o',
  changeMyOrder:                 '- + o o o o o',
  // an order's conversation: the customer on their own orders, the office on every order; the
  // office's notes and the finished translation are the office's alone
  listMyOrderMessages:           '- + o o o o o',
  sendMyOrderMessage:            '- + o o o o o',
  markMyOrderMessagesRead:       '- + o o o o o',
  listOrderMessages:             '- - - - - + +',
  sendOrderMessage:              '- - - - - + +',
  markOrderMessagesRead:         '- - - - - + +',
  listOrderNotes:                '- - - - - + +',
  addOrderNote:                  '- - - - - + +',
  addOrderResults:               '- - - - - + +',
  // aimed at a handed-over order's result: the office is answered 409, nothing is removed
  removeOrderResult:             '- - - - - + +',
  // payment provider callbacks: public, the payment is read back from the provider
  receiveYookassaNotification:   '+ + + + + + +',
  // notifications are personal; push is sent by office staff
  listMyNotifications:           '- + + + + + +',
  markNotificationRead:          '- + o o o o o',
  markAllNotificationsRead:      '- + + + + + +',
  deleteNotification:            '- + o o o o o',
  getNotificationStats:          '- + + + + + +',
  subscribePush:                 '- + + + + + +',
  unsubscribePush:               '- + + + + + +',
  getVapidPublicKey:             '+ + + + + + +',
  sendPush:                      '- - - - - + +',
  listSentPushes:                '- - - - - + +',
  findPushRecipients:            '- - - - - + +',
  // form settings: ADMIN; promo validation is public
  listDocumentSettings:          '- - - - - - +',
  createDocumentSetting:         '- - - - - - +',
  updateDocumentSetting:         '- - - - - - +',
  deleteDocumentSetting:         '- - - - - - +',
  reorderDocumentSettings:       '- - - - - - +',
  listAssuranceSettings:         '- - - - - - +',
  createAssuranceSetting:        '- - - - - - +',
  updateAssuranceSetting:        '- - - - - - +',
  deleteAssuranceSetting:        '- - - - - - +',
  reorderAssuranceSettings:      '- - - - - - +',
  reorderDeliverySettings:       '- - - - - - +',
  listCatalogueChanges:          '- - - - - - +',
  getWorkCalendar:               '- - - - - - +',
  saveWorkCalendar:              '- - - - - - +',
  listDeliverySettings:          '- - - - - - +',
  createDeliverySetting:         '- - - - - - +',
  updateDeliverySetting:         '- - - - - - +',
  deleteDeliverySetting:         '- - - - - - +',
  listPromoCodes:                '- - - - - - +',
  createPromoCode:               '- - - - - - +',
  updatePromoCode:               '- - - - - - +',
  deletePromoCode:               '- - - - - - +',
  validatePromoCode:             '+ + + + + + +',
  // pickup points: the map is public; a PARTNER manages their partner's, ADMIN all
  listPoints:                    '- - - - - + +',
  createPoint:                   '- - - + o - +',
  updatePoint:                   '- - - + o - +',
  deletePoint:                   '- - - - - - +',
  listActivePoints:              '+ + + + + + +',
  setPointStatus:                '- - - + o - +',
  listPartnerPoints:             '- - - + o - +',
  uploadPointPhoto:              '- - - + o - +',
  deletePointPhoto:              '- - - + o - +',
  getPoint:                      '+ + + + + + +',
  // partners and users
  listPartners:                  '- - - - - + +',
  createPartner:                 '- - - - - - +',
  updatePartner:                 '- - - - - - +',
  deletePartner:                 '- - - - - - +',
  listUsers:                     '- - - - - - +',
  listUserChanges:               '- - - - - - +',
  setUserRole:                   '- - - - - - +',
  setUserPartner:                '- - - - - - +',
  blockUser:                     '- - - - - - +',
  unblockUser:                   '- - - - - - +',
  inviteStaff:                   '- - - - - - +',
  listStaffInvitations:          '- - - - - - +',
  setUserCredentials:            '- - - - - - +',
  deleteUser:                    '- - - - - - +',
  // offices: public to read, ADMIN to change
  listOffices:                   '+ + + + + + +',
  createOffice:                  '- - - - - - +',
  updateOffice:                  '- - - - - - +',
  deleteOffice:                  '- - - - - - +',
  getOffice:                     '+ + + + + + +',
  // admin: ADMIN; order monitoring also MANAGER (Мониторинг is in the manager's menu)
  listAccessRequests:            '- - - - - - +',
  approveAccessRequest:          '- - - - - - +',
  rejectAccessRequest:           '- - - - - - +',
  generatePassword:              '- - - - - - +',
  getUnitEconomics:              '- - - - - - +',
  getQueueInfo:                  '- - - - - - +',
  listOrderTasks:                '- - - - - - +',
  cancelOrderTasks:              '- - - - - - +',
  listQueueJobs:                 '- - - - - - +',
  // a MANAGER retries an order's task from its monitoring page (the periodic jobs are ADMIN's)
  retryQueueJob:                 '- - - - - + +',
  runCronJob:                    '- - - - - - +',
  getCronInfo:                   '- - - - - - +',
  initializeCron:                '- - - - - - +',
  clearCron:                     '- - - - - - +',
  getMonitoringDashboard:        '- - - - - + +',
  getOrderMonitoring:            '- - - - - + +',
  // files: uploads by anyone (public form) or signed in; a download by who may see its order
  uploadPublic:                  '+ + + + + + +',
  uploadOwn:                     '- + + + + + +',
  // an order's files are its customer's and the office staff's: a partner gets 404
  downloadFile:                  'o + o o o + +',
  // system
  getHealth:                     '+ + + + + + +',
  suggestAddress:                '+ + + + + + +',
  getMapConfig:                  '+ + + + + + +',
  // legal: the documents are public; their versions and the operator an ADMIN's; consents the
  // caller's own, an order's for the office staff
  getLegalDocument:              '+ + + + + + +',
  listLegalDocuments:            '- - - - - - +',
  updateLegalOperator:           '- - - - - - +',
  publishLegalDocument:          '- - - - - - +',
  listMyConsents:                '- + + + + + +',
  getOrderConsent:               '- - - - - + +',
  // refunds: the office staff see one; only an ADMIN makes one (409 here: the order is not paid)
  getOrderRefund:                '- - - - - + +',
  refundOrder:                   '- - - - - - +',
  // personal data: anyone signed in downloads their own copy; erasing one's own account is a
  // customer's (409 here: both customers have an order in progress); an ADMIN's on a written request
  exportMyData:                  '- + + + + + +',
  eraseMyAccount:                '- + + - - - -',
  exportUserData:                '- - - - - - +',
  eraseUserData:                 '- - - - - - +',
  // tracking: anyone holding an order's number and contact or its link (404 here: the example's
  // number and token are no order's); the order card's line and revocation the office staff's
  trackOrder:                    'o o o o o o o',
  trackOrderByLink:              'o o o o o o o',
  linkTrackedOrderTelegram:      'o o o o o o o',
  getOrderTracking:              '- - - - - + +',
  revokeOrderTracking:           '- - - - - + +',
  // telegram: the webhook is Telegram's (404 NOT_CONFIGURED here: no bot); the rest the caller's own
  receiveTelegramUpdate:         '+ + + + + + +',
  getMyTelegram:                 '- + + + + + +',
  linkMyTelegram:                '- + + + + + +',
  unlinkMyTelegram:              '- + + + + + +',
};

/** Where each operation's ids point: the fixtures the first `+` callers own. */
type FixtureName =
  | 'order'
  | 'spareOrder'
  | 'doomedOrder'
  | 'notification'
  | 'spareNotification'
  | 'organization'
  | 'file'
  | 'handedOverOrder'
  | 'handedOverResult'
  | 'point'
  | 'sparePoint'
  | 'spareOffice'
  | 'spareDocument'
  | 'spareAssurance'
  | 'spareDelivery'
  | 'sparePromo'
  | 'sparePartner'
  | 'roleVictim'
  | 'partnerVictim'
  | 'blockVictim'
  | 'unblockVictim'
  | 'credentialsVictim'
  | 'deleteVictim'
  | 'exportSubject'
  | 'eraseVictim'
  | 'requestToApprove'
  | 'requestToReject';
interface Target {
  parameters?: Record<string, FixtureName | number | string>;
  body?: Record<string, FixtureName | number | string | boolean>;
}
const ORDER_ID_PATHS = [
  'getMyOrder',
  'repeatMyOrder',
  'createMyOrderPayment',
  'generateMyOrderInvoice',
  'generateMyOrderAct',
  'confirmMyOrderInvoicePayment',
  'cancelMyOrder',
  'addMyOrderFiles',
  'changeMyOrder',
  'getOrder',
  'changeOrder',
  'getPartnerOrder',
  'uploadSignedAct',
  'getOrderConsent',
  'getOrderRefund',
  'listMyOrderMessages',
  'sendMyOrderMessage',
  'markMyOrderMessagesRead',
  'listOrderMessages',
  'sendOrderMessage',
  'markOrderMessagesRead',
  'listOrderNotes',
  'addOrderNote',
  'addOrderResults',
  'getOrderTracking',
  'revokeOrderTracking',
] as const;
const TARGETS: Partial<Record<OperationId, Target>> = {
  ...Object.fromEntries(ORDER_ID_PATHS.map((id) => [id, { parameters: { id: 'order' } }])),
  updateOrganizationSigner: { parameters: { orgId: 'organization' } },
  deleteOrder: { parameters: { id: 'doomedOrder' } },
  changeOrderStatus: { body: { id: 'order' } },
  changeOrderAmount: { body: { id: 'order' } },
  changeOrderOtherDocumentAmount: { body: { orderId: 'order' } },
  setOrderPaymentLink: { body: { id: 'order' } },
  changeOrderDueDate: { body: { id: 'order' } },
  changeOrderAssignee: { body: { id: 'order' } },
  quoteOrderLines: { body: { orderId: 'order' } },
  // Priced only: a saved change would move the shared order off the partner's pickup point.
  changeOrder: { parameters: { id: 'order' }, body: { dryRun: true } },
  changeMyOrder: { parameters: { id: 'order' }, body: { dryRun: true } },
  markNotificationRead: { parameters: { id: 'notification' } },
  deleteNotification: { parameters: { id: 'spareNotification' } },
  deleteDocumentSetting: { parameters: { id: 'spareDocument' } },
  deleteAssuranceSetting: { parameters: { id: 'spareAssurance' } },
  deleteDeliverySetting: { parameters: { id: 'spareDelivery' } },
  deletePromoCode: { parameters: { id: 'sparePromo' } },
  createPoint: { body: { partnerId: 1 } },
  updatePoint: { body: { id: 'point', partnerId: 1 } },
  deletePoint: { parameters: { id: 'sparePoint' } },
  setPointStatus: { body: { id: 'point', isActive: true } },
  listPartnerPoints: { parameters: { partnerId: 1 } },
  uploadPointPhoto: { parameters: { id: 'point' } },
  getPoint: { parameters: { id: 'point' } },
  setUserRole: { body: { id: 'roleVictim' } },
  setUserPartner: { body: { id: 'partnerVictim' } },
  blockUser: { body: { id: 'blockVictim' } },
  unblockUser: { body: { id: 'unblockVictim' } },
  setUserCredentials: { body: { id: 'credentialsVictim', login: 'matrix.victim' } },
  deleteUser: { parameters: { id: 'deleteVictim' } },
  exportUserData: { parameters: { id: 'exportSubject' } },
  eraseUserData: { parameters: { id: 'eraseVictim' }, body: { note: 'заявление от 12.11.2026' } },
  listUserChanges: { parameters: { id: 'roleVictim' } },
  deleteOffice: { parameters: { id: 'spareOffice' } },
  deletePartner: { parameters: { id: 'sparePartner' } },
  deletePointPhoto: { parameters: { id: 'point' } },
  approveAccessRequest: { parameters: { id: 'requestToApprove' }, body: { login: 'matrix.approved' } },
  rejectAccessRequest: { parameters: { id: 'requestToReject' } },
  listOrderTasks: { parameters: { orderId: 'order' } },
  refundOrder: { parameters: { id: 'order' }, body: { reason: 'Отмена бюро' } },
  cancelOrderTasks: { parameters: { orderId: 'spareOrder' } },
  getOrderMonitoring: { parameters: { orderId: 'order' } },
  downloadFile: { parameters: { id: 'file' } },
  removeOrderResult: { parameters: { id: 'handedOverOrder', resultId: 'handedOverResult' } },
};

const contract = loadContract();
const operations = listOperations(contract);

let server: TestServer;
const callerUsers = new Map<Exclude<Caller, 'anonymous'>, { id: number; role: Role }>();
const fixtures = new Map<FixtureName, number | string>();

async function inserted(ctx: AppContext, table: Parameters<AppContext['db']['insert']>[0], values: object) {
  const [row] = (await ctx.db
    .insert(table)
    .values(values as never)
    .returning()) as { id: number }[];
  return row?.id as number;
}

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.context;
  const user = await createUser(ctx, { role: 'USER' });
  const roles: [Exclude<Caller, 'anonymous'>, Role, number | null][] = [
    ['otherUser', 'USER', null],
    ['partner', 'PARTNER', 1],
    ['otherPartner', 'PARTNER', 2],
    ['manager', 'MANAGER', null],
    ['admin', 'ADMIN', null],
  ];
  callerUsers.set('user', user);
  for (const [caller, role, partnerId] of roles)
    callerUsers.set(caller, await createUser(ctx, { role, partnerId }));

  const order = await createOrder(ctx, { userId: user.id, partnerId: 1 });
  // An order in progress keeps the other customer's account from being erased by the matrix.
  await createOrder(ctx, { userId: callerUsers.get('otherUser')?.id as number });
  fixtures.set('order', order.id);
  fixtures.set('spareOrder', (await createOrder(ctx, { userId: user.id, partnerId: 1 })).id);
  fixtures.set('doomedOrder', (await createOrder(ctx, { userId: user.id, partnerId: 1 })).id);
  fixtures.set('notification', (await createNotification(ctx, user.id, order.id)).id);
  fixtures.set('spareNotification', (await createNotification(ctx, user.id)).id);
  fixtures.set('organization', (await createOrganization(ctx, user.id)).id);
  fixtures.set('file', (await createFile(ctx, user.id, order.id)).id);
  const handedOver = await createOrder(ctx, { userId: user.id, partnerId: 1 });
  fixtures.set('handedOverOrder', handedOver.id);
  fixtures.set('handedOverResult', await createResult(ctx, handedOver.id, 'COMPLETED'));
  const [point] = await ctx.db
    .select({ id: pickupPoints.id })
    .from(pickupPoints)
    .where(sql`${pickupPoints.partnerId} = 1 and ${pickupPoints.isActive}`)
    .limit(1);
  fixtures.set('point', point?.id as number);
  const place = { schedule: 'Пн–Пт', address: 'Москва', lat: 55.75, lon: 37.62 };
  fixtures.set('sparePoint', await inserted(ctx, pickupPoints, { ...place, name: 'Запасной', partnerId: 1 }));
  fixtures.set('spareOffice', await inserted(ctx, offices, { ...place, name: 'Запасной офис' }));
  fixtures.set('spareDocument', await inserted(ctx, documentTypes, { type: 'Запасной', price: 100 }));
  fixtures.set('spareAssurance', await inserted(ctx, assurances, { type: 'Запасное', price: 100 }));
  fixtures.set(
    'spareDelivery',
    await inserted(ctx, deliveries, { type: 'Запасная', code: 'COURIER', price: 1 }),
  );
  fixtures.set('sparePromo', await inserted(ctx, promoCodes, { code: 'SPARE-MATRIX', discount: 5 }));
  fixtures.set('sparePartner', await inserted(ctx, partners, { name: 'Запасной партнёр' }));
  for (const victim of [
    'roleVictim',
    'partnerVictim',
    'blockVictim',
    'unblockVictim',
    'credentialsVictim',
    'deleteVictim',
    'exportSubject',
    'eraseVictim',
  ] as const)
    fixtures.set(victim, (await createUser(ctx)).id);
  for (const request of ['requestToApprove', 'requestToReject'] as const)
    fixtures.set(request, (await createAccessRequest(ctx, await createUser(ctx))).id);
});

interface Verdict {
  operationId: string;
  caller: Caller;
  expected: Cell;
  status: number;
  code: string | undefined;
}
const verdicts: Verdict[] = [];

const cellsOf = (operationId: string): Cell[] =>
  (MATRIX[operationId as OperationId] ?? '').split(/\s+/) as Cell[];

function isDenied(v: Pick<Verdict, 'status' | 'code'>): boolean {
  return (
    (v.status === 401 && v.code === 'UNAUTHORIZED') ||
    (v.status === 403 && v.code === 'FORBIDDEN') ||
    (v.status === 404 && v.code === 'NOT_FOUND')
  );
}

/** Unexpected outcomes, in words; an ownership cell of an operation still answering 501 is left out. */
function mismatch(v: Verdict): string | undefined {
  const denied = isDenied(v);
  const label = `${v.operationId} as ${v.caller}: expected ${v.expected}, got ${v.status} ${v.code ?? ''}`;
  if (v.expected === '+') return denied ? `unexpected denial — ${label}` : undefined;
  if (v.expected === '-') {
    const wanted = v.caller === 'anonymous' ? 401 : 403;
    if (!denied) return `unexpected allow — ${label}`;
    return v.status === wanted ? undefined : `wrong refusal (wanted ${wanted}) — ${label}`;
  }
  if (v.status === 501) return undefined;
  return denied ? undefined : `unexpected allow — ${label}`;
}

afterAll(async () => {
  const implemented = verdicts.filter((v) => v.status !== 501);
  const notImplemented = [...new Set(verdicts.filter((v) => v.status === 501).map((v) => v.operationId))];
  const ownershipPending = [
    ...new Set(verdicts.filter((v) => v.expected === 'o' && v.status === 501).map((v) => v.operationId)),
  ];
  console.log(
    [
      `Authorization matrix: ${operations.length} operations × ${CALLERS.length} callers = ${verdicts.length} requests`,
      `  allowed: ${implemented.filter((v) => !isDenied(v)).length}, denied: ${implemented.filter(isDenied).length}, 501: ${verdicts.length - implemented.length}`,
      `  unexpected: ${verdicts.map(mismatch).filter(Boolean).length}`,
      `  operations answering 501 (${notImplemented.length}): ${notImplemented.join(', ')}`,
      `  ownership not yet checked, operation answers 501 (${ownershipPending.length}): ${ownershipPending.join(', ')}`,
    ].join('\n'),
  );
  await server?.close();
});

describe('the authorization matrix', () => {
  it('names every operation of the contract, and only those, with a cell for each caller', () => {
    const inContract = operations.map((op) => op.operationId).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(inContract);
    for (const [operationId, row] of Object.entries(MATRIX)) {
      expect(row.split(/\s+/), operationId).toHaveLength(CALLERS.length);
      expect(row, operationId).toMatch(/^[+\-o]( [+\-o]){6}$/);
    }
  });

  it.each(operations.map((op) => [op.operationId, op] as const))('%s', async (operationId, op) => {
    const cells = cellsOf(operationId);
    const target = TARGETS[operationId as OperationId] ?? {};
    const resolve = <T>(values: Record<string, T> | undefined) =>
      values &&
      Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          typeof value === 'string' && fixtures.has(value as FixtureName)
            ? fixtures.get(value as FixtureName)
            : value,
        ]),
      );
    // The refused callers go first: an allowed one may change or delete the target.
    const order = CALLERS.map((caller, i) => ({ caller, cell: cells[i] as Cell })).sort(
      (a, b) => Number(a.cell === '+') - Number(b.cell === '+'),
    );
    const problems: string[] = [];
    for (const { caller, cell } of order) {
      const user = caller === 'anonymous' ? undefined : callerUsers.get(caller);
      // A fresh session per request: a sign-out by one request leaves the next ones signed in.
      const headers = user ? (await signInUser(server.context, user)).headers : {};
      const request = prepareRequest(contract, op, {
        headers,
        parameters: resolve(target.parameters) as Record<string, string | number> | undefined,
        body: resolve(target.body),
      });
      const response = await server.app.inject({ ...request, remoteAddress: '192.0.2.10' });
      let code: string | undefined;
      try {
        code = response.json().code;
      } catch {
        code = undefined;
      }
      const verdict: Verdict = { operationId, caller, expected: cell, status: response.statusCode, code };
      verdicts.push(verdict);
      const problem = mismatch(verdict);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });
});
