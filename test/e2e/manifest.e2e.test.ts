/**
 * Issue 2 smoke: the web manifest is complete, its icons are real PNGs of the declared sizes,
 * and Chromium itself finds the app installable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('web manifest', () => {
  it('describes a Russian standalone app that starts at /?pwa=true', async () => {
    const response = await fetch(`${site.origin}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      lang: 'ru',
      start_url: '/?pwa=true',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#ffffff',
    });
    for (const field of ['name', 'short_name', 'description'] as const) {
      expect(manifest[field], field).toMatch(/[А-Яа-яЁё]/);
    }
    expect(
      (manifest.short_name as string).length,
      'short_name fits under a home-screen icon',
    ).toBeLessThanOrEqual(15);
  });

  it('lists 192 px, 512 px and maskable icons that load as PNGs of those sizes', async () => {
    const manifest = (await (await fetch(`${site.origin}/manifest.webmanifest`)).json()) as {
      icons: ManifestIcon[];
    };
    const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(declared).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

    for (const icon of manifest.icons) {
      const response = await fetch(new URL(icon.src, site.origin));
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toContain('image/png');
      const size = pngSize(Buffer.from(await response.arrayBuffer()));
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(size, icon.src).toEqual({ width, height });
    }
  });

  it('makes Chromium report the app installable, with no manifest errors', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await page.goto('/order/step-1');
      await waitForServiceWorkerControl(page);
      const cdp = await page.context().newCDPSession(page);

      const { url, errors } = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: { message: string }[];
      };
      expect(url).toBe(`${site.origin}/manifest.webmanifest`);
      expect(errors.map((error) => error.message)).toEqual([]);

      // Chromium reads the manifest and icons asynchronously: ask until it settles.
      let installabilityErrors: { errorId: string }[] = [];
      const deadline = Date.now() + 15_000;
      do {
        ({ installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        });
        if (installabilityErrors.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      } while (Date.now() < deadline);
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
