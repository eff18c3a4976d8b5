/** The bench's staff calls: the seeded admin signs in with the password the bench servers use. */
import { E2E_ADMIN_PASSWORD } from '../scripts/app-server.mjs';

export const BENCH_ADMIN_EMAIL = 'admin@perevod.local';

/** `{ authorization: 'Bearer …' }` of a fresh admin session on the server at `url`. */
export async function adminHeaders(url: string): Promise<{ authorization: string }> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: BENCH_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
