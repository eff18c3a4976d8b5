/**
 * Keys derived from the server secret (JWT_SECRET or the generated one in secrets.json), one per
 * purpose, so a key leaked from one use cannot forge another. The JWT itself signs with the
 * secret as it is, so tokens issued before these keys existed stay valid.
 */
import { createHmac } from 'node:crypto';

export interface ServerKeys {
  /** HMAC key of stored sign-in codes. */
  emailCode: Buffer;
  /** AES-256-GCM key of the secret parts of queued emails (codes, sign-in links). */
  mailSeal: Buffer;
  /** HMAC key of the demo payment page's cookie naming the customer who asked for the link. */
  demoPayer: Buffer;
  /** HMAC key that turns a tracking link's stored nonce into its token (services/tracking). */
  trackingLink: Buffer;
  /** Source of the Telegram webhook's secret_token when TELEGRAM_WEBHOOK_SECRET is unset. */
  telegramWebhook: Buffer;
}

export function deriveKeys(secret: string): ServerKeys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`perevod:${purpose}`).digest();
  return {
    emailCode: derive('email-code'),
    mailSeal: derive('mail-seal'),
    demoPayer: derive('demo-payer'),
    trackingLink: derive('tracking-link'),
    telegramWebhook: derive('telegram-webhook'),
  };
}
