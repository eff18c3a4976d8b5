/**
 * Photos of a paper document taken with «Сфотографировать» on step 2 (a fake camera: a generated
 * 4,000×3,000 JPEG given to the file chooser the capture input opens) are shrunk in the browser to
 * 2,400 px on their long side before upload: the server stores about 1 MB, not the camera's bytes.
 * A touch device is emulated (the button is offered where the pointer is coarse).
 */
import jpeg from 'jpeg-js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInBrowser } from './cabinet-steps';
import { openSite, type Site } from './harness';
import { fillStepOne, storedUploads } from './order-steps';
import { shot } from './screenshots';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

/**
 * A page photographed on a desk: paper with a light-falloff gradient, sensor noise, and rows of
 * dark «words» — close to what a phone camera gives for a printed certificate.
 */
function pagePhoto(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const words = new Set<number>();
  for (let row = 0; row < 60; row += 1)
    for (let word = 0; word < 14; word += 1) if (random() > 0.2) words.add(row * 100 + word);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor((y - height * 0.1) / (height * 0.0133));
    const inLine = row >= 0 && row < 60 && (y - height * 0.1) % (height * 0.0133) < height * 0.006;
    for (let x = 0; x < width; x += 1) {
      const word = Math.floor((x - width * 0.08) / (width * 0.06));
      const ink =
        inLine &&
        word >= 0 &&
        word < 14 &&
        words.has(row * 100 + word) &&
        (x - width * 0.08) % (width * 0.06) < width * 0.05;
      const light = 225 - 35 * (Math.abs(x / width - 0.5) + Math.abs(y / height - 0.5));
      const value = (ink ? 40 : light) + (random() - 0.5) * 12;
      const at = (y * width + x) * 4;
      data[at] = value;
      data[at + 1] = value - 3;
      data[at + 2] = value - 10;
      data[at + 3] = 255;
    }
  }
  return Buffer.from(jpeg.encode({ data, width, height }, 92).data);
}

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8;

async function asTouchPhone(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      /pointer:\s*coarse/.test(query)
        ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
        : original(query);
  });
}

async function photograph(page: Page, button: string, photo: Buffer, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.locator('label', { hasText: button }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: photo });
}

async function takeAndCheck(width: number, height: number, seeds: number[]) {
  const session = await site.openBrowser();
  const { page } = session;
  try {
    await asTouchPhone(page, width, height);
    await fillStepOne(page);
    const before = new Set(storedUploads().map((bytes) => bytes.toString('base64')));
    const sizes: { before: number; after: number }[] = [];
    for (const [index, seed] of seeds.entries()) {
      const photo = pagePhoto(4000, 3000, seed);
      await photograph(page, index === 0 ? 'Сфотографировать' : 'Ещё страница', photo, `IMG_${seed}.jpg`);
      const list = page.getByRole('list', { name: 'Выбранные файлы' });
      await expect.poll(() => list.textContent(), { timeout: 60_000 }).toContain(`Страница ${index + 1}.jpg`);
      await expect
        .poll(async () => (await list.getByRole('listitem').nth(index).textContent()) ?? '', {
          timeout: 60_000,
        })
        .toContain('загружен');
      const stored = storedUploads().filter(
        (bytes) => isJpeg(bytes) && !before.has(bytes.toString('base64')),
      );
      const mine = stored.at(-1) as Buffer;
      for (const bytes of stored) before.add(bytes.toString('base64'));
      expect(mine.length).toBeLessThan(1.5 * 1024 * 1024);
      const image = jpeg.decode(mine, { useTArray: true, maxMemoryUsageInMB: 1024 });
      expect(Math.max(image.width, image.height)).toBe(2400);
      expect(Math.min(image.width, image.height)).toBe(1800);
      sizes.push({ before: photo.length, after: mine.length });
    }
    // The thumbnails can be reordered from the keyboard as well.
    if (seeds.length > 1) {
      await page.getByRole('button', { name: 'Выше Страница 2.jpg' }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() =>
          page.getByRole('list', { name: 'Выбранные файлы' }).getByRole('listitem').first().textContent(),
        )
        .toContain('Страница 2.jpg');
    }
    await shot(page, 'camera-step-2');
    console.log(`camera photos at ${width}×${height}:`, JSON.stringify(sizes));
    return sizes;
  } finally {
    await session.close();
  }
}

describe('camera photos on step 2', () => {
  it('shrinks two 4,000×3,000 page photos taken on a 360×740 phone to 2,400 px and under 1.5 MB', async () => {
    await takeAndCheck(360, 740, [11, 22]);
  });

  it('does the same on a 1440×900 touch screen', async () => {
    await takeAndCheck(1440, 900, [33]);
  });
});

describe('camera photos added to a placed order in the cabinet', () => {
  it('offers «Сфотографировать» in «Добавить файлы» and sends the shrunk page to the order', async () => {
    const email = uniqueEmail('camera');
    const { token } = await signInByCode(site.origin, email);
    const order = await placeOrder(site.origin, token, email);
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await asTouchPhone(page, 360, 740);
      await signInBrowser(page, token, email);
      await page.goto(`/cabinet/orders/${order.id}`);
      const files = page.getByRole('region', { name: 'Файлы' });
      await files.getByRole('heading', { name: 'Добавить файлы' }).waitFor();
      const before = new Set(storedUploads().map((bytes) => bytes.toString('base64')));
      await photograph(page, 'Сфотографировать', pagePhoto(4000, 3000, 44), 'IMG_44.jpg');
      await files.getByText('Страница 1.jpg').first().waitFor({ timeout: 60_000 });
      await files.getByRole('button', { name: 'Отправить файлы' }).click();
      await files.getByText(/Страница 1\.jpg \([^)]+\) — добавлен/).waitFor({ timeout: 60_000 });
      const stored = storedUploads().filter(
        (bytes) => isJpeg(bytes) && !before.has(bytes.toString('base64')),
      );
      expect(stored).toHaveLength(1);
      const image = jpeg.decode(stored[0] as Buffer, { useTArray: true, maxMemoryUsageInMB: 1024 });
      expect(Math.max(image.width, image.height)).toBe(2400);
      await shot(page, 'camera-cabinet');
    } finally {
      await session.close();
    }
  });
});
