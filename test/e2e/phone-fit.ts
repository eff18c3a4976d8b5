/**
 * The phone checks every screen must pass (a 360 px phone): the page is no wider than the screen,
 * and every button, link and field on it can be tapped — with the control scrolled as near the
 * middle as the page allows, the element at its centre is the control itself (or its label), not
 * a pinned bar, a tab bar or anything else laid over it.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const PHONE = { width: 360, height: 740 } as const;

/** What is wrong with the screen: sideways overflow and each covered control, named. */
export async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems: string[] = [];
    const overflow =
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth;
    if (overflow > 0) problems.push(`the page is ${overflow} px wider than the screen`);
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} «${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40) || element.id}»`;
    const controls = Array.from(
      document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"]',
      ),
    );
    for (const control of controls) {
      const style = getComputedStyle(control);
      const box = control.getBoundingClientRect();
      // Not on screen at all (a closed menu, a visually hidden skip link until focused).
      if (
        box.width < 2 ||
        box.height < 2 ||
        style.visibility === 'hidden' ||
        control.closest('[inert], [aria-hidden="true"]')
      )
        continue;
      // Placed above or left of the page until focused (the skip link): not a control at rest.
      if (box.bottom + window.scrollY <= 0 || box.right + window.scrollX <= 0) continue;
      if (style.opacity === '0' && control.closest('label')) continue; // a styled radio: its label is the target
      control.scrollIntoView({ block: 'center', inline: 'center' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      // A link wrapped over two lines: its first line's box, not the box around both.
      const rect = control.getClientRects()[0] ?? control.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
        problems.push(`${name(control)} cannot be scrolled onto the screen`);
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      const label =
        control.closest('label') ??
        (control.id ? document.querySelector(`label[for="${control.id}"]`) : null);
      const reachable = hit && (hit === control || control.contains(hit) || label?.contains(hit));
      if (!reachable)
        problems.push(`${name(control)} is covered by ${hit ? name(hit) : 'nothing on screen'}`);
    }
    window.scrollTo(0, 0);
    return problems;
  });
}

/** Fails the test with every problem of the screen at once, naming the page. */
export async function expectFitsPhone(page: Page, what = page.url()) {
  expect(await phoneProblems(page), what).toEqual([]);
}
