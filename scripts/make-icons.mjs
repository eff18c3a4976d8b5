/**
 * Draws the app's mark — two overlapping documents, «A» on the original and «Я» on the
 * translation — and writes public/favicon.svg, the page's PNG icon and the PNG icons of the web manifest, rendered at
 * their exact sizes by headless Chromium. Run once after changing the design
 * (`node scripts/make-icons.mjs`); the PNGs are committed. The letters are strokes, not text, so
 * the result does not depend on the fonts of the machine.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const BLUE = '#1d4ed8';
const WHITE = '#ffffff';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'public');

/**
 * The mark on a 512 grid, centred on (256, 256); its corners stay within a circle of radius
 * ~250, so scale 0.7 keeps it well inside the maskable safe zone (radius 204.8 = 40% of 512).
 * paper: the original's fill; ink: outlines and the front document; letterOnFront: «Я».
 */
function mark({ paper, ink, letterOnFront }) {
  const stroke = 'stroke-linecap="round" stroke-linejoin="round" fill="none"';
  const ya = 'M372 262 V388 M372 262 H330 A32 32 0 0 0 330 326 H372 M338 326 L300 388';
  if (letterOnFront === 'cutout') {
    // For a one-colour badge «Я» is cut out of the front document instead of painted on it.
    return `
    <mask id="ya"><rect width="512" height="512" fill="#fff"/><path d="${ya}" stroke="#000" stroke-width="24" ${stroke}/></mask>
    <rect x="80" y="64" width="220" height="280" rx="30" fill="none" stroke="${ink}" stroke-width="20"/>
    <path d="M112 274 L158 124 L204 274 M128 226 H188" stroke="${ink}" stroke-width="24" ${stroke}/>
    <rect x="236" y="200" width="196" height="248" rx="30" fill="${ink}" mask="url(#ya)"/>
    <path d="M330 104 C376 100 410 124 418 166 M398 156 L418 172 L434 150" stroke="${ink}" stroke-width="16" ${stroke}/>`;
  }
  return `
    <rect x="80" y="64" width="220" height="280" rx="30" fill="${paper}" stroke="${ink}" stroke-width="20"/>
    <path d="M112 274 L158 124 L204 274 M128 226 H188" stroke="${ink}" stroke-width="24" ${stroke}/>
    <rect x="236" y="200" width="196" height="248" rx="30" fill="${ink}" stroke="${paper}" stroke-width="20"/>
    <path d="${ya}" stroke="${letterOnFront}" stroke-width="24" ${stroke}/>
    <path d="M330 104 C376 100 410 124 418 166" stroke="${ink}" stroke-width="16" ${stroke}/>
    <path d="M398 156 L418 172 L434 150" stroke="${ink}" stroke-width="16" ${stroke}/>`;
}

function svg({ background, radius, scale, palette }) {
  const t = `translate(256 256) scale(${scale}) translate(-256 -256)`;
  const bg = background ? `<rect width="512" height="512" rx="${radius}" fill="${background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${bg}<g transform="${t}">${mark(palette)}</g></svg>\n`;
}

const onWhite = { paper: WHITE, ink: BLUE, letterOnFront: WHITE };
const onBlue = { paper: BLUE, ink: WHITE, letterOnFront: BLUE };

/** name → { svg, size, transparent } */
const icons = {
  'favicon.svg': { svg: svg({ background: BLUE, radius: 112, scale: 0.9, palette: onBlue }) },
  // The page's icon is this PNG, not the SVG: Chromium draws an SVG favicon in a document of its
  // own on the page's main thread, about 40 ms (160 ms on Lighthouse's slowed phone) after the
  // first paint; a PNG is decoded off it.
  'icons/favicon-48.png': {
    size: 48,
    transparent: true,
    svg: svg({ background: BLUE, radius: 112, scale: 0.9, palette: onBlue }),
  },
  'icons/icon-192.png': {
    size: 192,
    svg: svg({ background: WHITE, radius: 96, scale: 0.86, palette: onWhite }),
  },
  'icons/icon-512.png': {
    size: 512,
    svg: svg({ background: WHITE, radius: 96, scale: 0.86, palette: onWhite }),
  },
  'icons/icon-maskable-512.png': {
    size: 512,
    svg: svg({ background: BLUE, radius: 0, scale: 0.7, palette: onBlue }),
  },
  'icons/apple-touch-icon-180.png': {
    size: 180,
    svg: svg({ background: BLUE, radius: 0, scale: 0.8, palette: onBlue }),
  },
  // Android's status-bar badge uses only the alpha channel: a white silhouette on transparency.
  'icons/badge-96.png': {
    size: 96,
    transparent: true,
    svg: svg({ scale: 0.95, palette: { paper: 'none', ink: WHITE, letterOnFront: 'cutout' } }),
  },
};

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(buffer) {
  if (buffer.toString('ascii', 1, 4) !== 'PNG') throw new Error('not a PNG');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (apt-get install -y chromium, or set CHROME_PATH)');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const [name, icon] of Object.entries(icons)) {
      const file = join(publicDir, name);
      mkdirSync(dirname(file), { recursive: true });
      if (!icon.size) {
        writeFileSync(file, icon.svg);
      } else {
        await page.setViewportSize({ width: icon.size, height: icon.size });
        await page.setContent(
          `<html><body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
        );
        await page.screenshot({
          path: file,
          omitBackground: Boolean(icon.transparent),
          clip: { x: 0, y: 0, width: icon.size, height: icon.size },
        });
        const { width, height } = pngSize(readFileSync(file));
        if (width !== icon.size || height !== icon.size) throw new Error(`${name}: ${width}x${height}`);
      }
      console.log(`wrote public/${name}`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
