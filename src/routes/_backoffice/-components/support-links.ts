/**
 * The two messenger chats of the support button. The server does not publish them, so they are
 * set when the app is built (VITE_SUPPORT_TELEGRAM_URL, VITE_SUPPORT_WHATSAPP_URL) and fall back
 * to the bureau's defaults below. A value that is not an https address is ignored rather than
 * turned into a broken link.
 */
import type { MessengerLink } from '../../../ui/widgets/support-button';

export const DEFAULT_SUPPORT_LINKS = {
  telegram: 'https://t.me/perevod_bureau',
  whatsapp: 'https://wa.me/74950000000',
} as const;

function httpsOr(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  try {
    return new URL(value).protocol === 'https:' ? value : fallback;
  } catch {
    return fallback;
  }
}

export function supportLinks(
  env: Record<string, unknown> = import.meta.env,
): readonly [MessengerLink, MessengerLink] {
  return [
    { label: 'Telegram', href: httpsOr(env.VITE_SUPPORT_TELEGRAM_URL, DEFAULT_SUPPORT_LINKS.telegram) },
    { label: 'WhatsApp', href: httpsOr(env.VITE_SUPPORT_WHATSAPP_URL, DEFAULT_SUPPORT_LINKS.whatsapp) },
  ];
}
