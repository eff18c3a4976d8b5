/**
 * `npm run build`: the app (vite build: dist/, with the server bundle that prerenders pages and
 * the pages that need no data already rendered), then the server's JavaScript (dist-server/),
 * then the digest of the sources they were made from (scripts/build/inputs.mjs), written last:
 * an interrupted build has none, so `npm start` builds again.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STAMP, buildInputsDigest } from './build/inputs.mjs';
import { buildServer } from './build/server-bundle.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
// The digest of the sources as they are when the build starts: a file changed meanwhile makes
// the next start build again rather than trust a build that may predate the change.
const digest = buildInputsDigest(ROOT);
rmSync(join(ROOT, BUILD_STAMP), { force: true });
const vite = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (vite.status !== 0) process.exit(vite.status ?? 1);
await buildServer(ROOT);
writeFileSync(join(ROOT, BUILD_STAMP), `${JSON.stringify({ digest, builtAt: new Date().toISOString() })}\n`);
console.log(`build: dist/ and dist-server/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
