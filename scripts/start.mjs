/**
 * Runs the compiled server (dist-server/, made by scripts/build.mjs) with plain node, in this very
 * process: `npm start` builds first when there is no build yet or the sources changed since it
 * was made; `npm run serve` runs the present build as it is (and says so when the sources are
 * newer); `npm run migrate`, `backup` and `restore` run their command, building only when there is
 * no build at all (a restore on a new machine). A deployment may run `node dist-server/main.js`.
 * Usage: node scripts/start.mjs [--build=if-stale|if-missing|never] [--entry=main] [arguments…]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildInputsDigest, builtDigest } from './build/inputs.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const when = option('build', 'if-stale');
const entry = join(ROOT, 'dist-server', `${option('entry', 'main')}.js`);
const rest = process.argv.slice(2).filter((arg) => !/^--(build|entry)=/.test(arg));

function build(reason) {
  console.log(reason);
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(entry)) {
  if (when === 'never') {
    console.error(
      'Сборки нет: выполните npm run build или npm start / no build: run npm run build or npm start',
    );
    process.exit(1);
  }
  build('Сборки ещё нет: собираем приложение и сервер / no build yet: building');
} else if (builtDigest(ROOT) !== buildInputsDigest(ROOT)) {
  if (when === 'if-stale')
    build(
      'Исходники изменились после сборки: собираем заново / the sources changed since the build: building',
    );
  else
    console.warn(
      'Сборка старше исходников: npm start или npm run build соберут новую / the build is older than the sources: npm start or npm run build makes a new one',
    );
}
// The command reads its own arguments as if started as `node dist-server/<entry>.js …`.
process.argv = [process.argv[0] ?? process.execPath, entry, ...rest];
await import(pathToFileURL(entry).href);
