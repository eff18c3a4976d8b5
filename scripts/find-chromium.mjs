/**
 * Where the browser for the e2e suite, the size script and the icon script comes from: always a
 * system Chromium (Debian's package), never one downloaded by a test tool.
 * Order: CHROME_PATH, /usr/bin/chromium, then `chromium` / `chromium-browser` in PATH.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @returns {string | null} */
export function findChromium(env = process.env) {
  if (env.CHROME_PATH) return isExecutable(env.CHROME_PATH) ? env.CHROME_PATH : null;
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * Debian's chromium-headless-shell (`apt-get install -y chromium-headless-shell`): the same engine
 * without the browser's window layer, about half the CPU of `chromium --headless` over the browser
 * suite. It shows no notifications, so the files that check them use findChromium()'s browser.
 * E2E_HEADLESS_SHELL names another one, or `off` to run every file in the full browser.
 * @returns {string | null}
 */
export function findHeadlessShell(env = process.env) {
  if (env.E2E_HEADLESS_SHELL === 'off') return null;
  if (env.E2E_HEADLESS_SHELL) return isExecutable(env.E2E_HEADLESS_SHELL) ? env.E2E_HEADLESS_SHELL : null;
  for (const path of ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'])
    if (isExecutable(path)) return path;
  return null;
}

/** The flags architecture.md lists: headless, root-safe, and quiet on a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--enable-unsafe-swiftshader',
  '--disable-quic',
];
