import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_LINKS, supportLinks } from './support-links';

describe('support button links', () => {
  it('uses the bureau defaults when the build names no chats', () => {
    expect(supportLinks({})).toEqual([
      { label: 'Telegram', href: DEFAULT_SUPPORT_LINKS.telegram },
      { label: 'WhatsApp', href: DEFAULT_SUPPORT_LINKS.whatsapp },
    ]);
  });

  it('takes the chats the build names', () => {
    const links = supportLinks({
      VITE_SUPPORT_TELEGRAM_URL: 'https://t.me/bureau_help',
      VITE_SUPPORT_WHATSAPP_URL: 'https://wa.me/79990001122',
    });
    expect(links.map((link) => link.href)).toEqual(['https://t.me/bureau_help', 'https://wa.me/79990001122']);
  });

  it('ignores a value that is not an https address instead of showing a broken link', () => {
    const links = supportLinks({
      VITE_SUPPORT_TELEGRAM_URL: 'javascript:alert(1)',
      VITE_SUPPORT_WHATSAPP_URL: 'wa.me',
    });
    expect(links.map((link) => link.href)).toEqual([
      DEFAULT_SUPPORT_LINKS.telegram,
      DEFAULT_SUPPORT_LINKS.whatsapp,
    ]);
  });
});
