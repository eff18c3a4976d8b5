/**
 * Accounts for the sign-in tests, made through the real API as a person would: the admin signs in
 * with the password, a customer by the code the server emails (read from DATA_DIR/outbox), and
 * the admin makes a customer a PARTNER or a MANAGER with a login and password.
 */
import { randomBytes } from 'node:crypto';
import { E2E_ADMIN_PASSWORD } from '../../scripts/app-server.mjs';
import { listOutbox, signInCodeOf, waitForEmail } from '../../server/test-support/outbox';
import { laneServer } from './harness';

export const ADMIN_EMAIL = 'admin@perevod.local';
export { E2E_ADMIN_PASSWORD };

export interface SessionUser {
  id: number;
  role: string;
  email: string | null;
}

export interface AuthResult {
  token: string;
  user: SessionUser;
}

/** A fresh address per test: the server lets one address ask for a code once a minute. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomBytes(4).toString('hex')}@example.ru`;
}

export async function callApi<T = unknown>(
  origin: string,
  path: string,
  { method = 'POST', token, body }: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : undefined) as T };
}

async function expectOk<T>(call: Promise<{ status: number; data: T }>, what: string): Promise<T> {
  const { status, data } = await call;
  if (status >= 300) throw new Error(`${what}: HTTP ${status} ${JSON.stringify(data)}`);
  return data;
}

/** Asks the server to email a sign-in code and returns that email's code and link. */
export async function emailedSignIn(origin: string, email: string) {
  const seen = listOutbox(laneServer().dataDir);
  await expectOk(callApi(origin, '/api/auth/email/request-code', { body: { email } }), 'request-code');
  return signInCodeOf(
    await waitForEmail(laneServer().dataDir, { to: email, template: 'sign-in-code', seen }, 15_000),
  );
}

/** The code of the newest sign-in email to the address, once it arrives. */
export async function codeEmailedTo(email: string, seen: readonly string[]): Promise<string> {
  return signInCodeOf(
    await waitForEmail(laneServer().dataDir, { to: email, template: 'sign-in-code', seen }, 15_000),
  ).code;
}

export async function signInByCode(origin: string, email: string): Promise<AuthResult> {
  const { code } = await emailedSignIn(origin, email);
  return expectOk(
    callApi<AuthResult>(origin, '/api/auth/email/verify', { body: { email, verificationCode: code } }),
    'verify',
  );
}

export async function signInAdmin(origin: string): Promise<AuthResult> {
  return expectOk(
    callApi<AuthResult>(origin, '/api/auth/login', {
      body: { login: ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    }),
    'admin login',
  );
}

/** The first partner of the demo data every fresh DATA_DIR is seeded with. */
const SEEDED_PARTNER_ID = 1;

/** A new PARTNER of the seeded partner, who signs in with `login` and `password`. */
export async function createPartner(origin: string, email: string, password: string): Promise<SessionUser> {
  return createStaffMember(origin, email, password, 'PARTNER');
}

/** A new staff member of the role (MANAGER, or another ADMIN), who signs in with `login` and `password`. */
export async function createStaff(
  origin: string,
  email: string,
  password: string,
  role: 'ADMIN' | 'MANAGER',
): Promise<SessionUser> {
  return createStaffMember(origin, email, password, role);
}

/** A customer who signed in by code, given the role (a PARTNER also the seeded partner) and a password. */
async function createStaffMember(
  origin: string,
  email: string,
  password: string,
  role: 'ADMIN' | 'MANAGER' | 'PARTNER',
): Promise<SessionUser> {
  const admin = await signInAdmin(origin);
  const { user } = await signInByCode(origin, email);
  await expectOk(
    callApi(origin, '/api/user/role', { token: admin.token, body: { id: user.id, role } }),
    'role',
  );
  if (role === 'PARTNER') {
    await expectOk(
      callApi(origin, '/api/user/role-partner', {
        token: admin.token,
        body: { id: user.id, partnerId: SEEDED_PARTNER_ID },
      }),
      'role-partner',
    );
  }
  await expectOk(
    callApi(origin, '/api/user/set-credentials', {
      token: admin.token,
      body: { id: user.id, login: email, password },
    }),
    'set-credentials',
  );
  return { ...user, role };
}
