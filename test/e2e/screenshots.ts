/** Screens of a browser test saved for people to look at: SHOTS=<folder> turns them on. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** A full-page screenshot named after the screen and its width, when SHOTS is set. */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
}
