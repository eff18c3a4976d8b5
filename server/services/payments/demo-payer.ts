/**
 * Who may press «Оплатить» on the demo payment page. The page is plain server HTML without
 * script, and the customer's token lives in the app's storage, not in a cookie, so the page cannot
 * see who is looking at it. When the cabinet asks for a demo payment link (a signed-in call), the
 * answer also sets this cookie: the customer's id signed with a key of the server. HttpOnly, so no
 * script reads it; SameSite=Strict and the page's own path, so no other site's form carries it.
 * A link that travels (forwarded, leaked in a log) is then only a page to look at, never a payment.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../app-context';

export const DEMO_PAYER_COOKIE = 'perevod_demo_payer';
/** A day: long enough to pay, short enough not to linger on a shared computer. */
const MAX_AGE_SECONDS = 24 * 60 * 60;

const signature = (ctx: AppContext, userId: number) =>
  createHmac('sha256', ctx.keys.demoPayer).update(`demo-payer:${userId}`).digest('base64url');

/** The Set-Cookie value naming this customer as the payer on this device. */
export function demoPayerCookie(ctx: AppContext, userId: number): string {
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${DEMO_PAYER_COOKIE}=${userId}.${signature(ctx, userId)}; Path=/pay/demo; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}

/** The customer the request's cookie names, or null without a cookie or with a forged one. */
export function demoPayerOf(ctx: AppContext, cookieHeader: string | undefined): number | null {
  const value = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEMO_PAYER_COOKIE}=`))
    ?.slice(DEMO_PAYER_COOKIE.length + 1);
  const match = /^(\d{1,10})\.([\w-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const userId = Number(match[1]);
  const given = Buffer.from(match[2] as string);
  const expected = Buffer.from(signature(ctx, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
