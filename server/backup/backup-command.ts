/**
 * npm run backup — one backup now, with the server running or not (docs/decisions/0028):
 * - embedded database, a server owns DATA_DIR: the server takes it (asked through
 *   DATA_DIR/control.sock) while it keeps serving;
 * - embedded database, no server: this command takes the data-folder lock (a server starting
 *   meanwhile is refused for those seconds), opens the database and takes it itself;
 * - PostgreSQL: this command takes it itself, pg_dump and the files of DATA_DIR/files.
 * Prints where the archive went; exits 1 when no backup was made.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { PRIVATE_UMASK } from '../data-dir';
import { openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { runBackup } from './backup';
import { askServer, CONTROL_SOCKET } from './control-socket';
import { BackupError } from './errors';
import type { BackupResult } from './history';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function describe(result: BackupResult, by: string): string {
  if (result.status !== 'ok') return `Резервная копия не создана / backup failed: ${result.error}`;
  const counts = result.counts;
  const files = result.files;
  return [
    `Резервная копия создана / backup written (${by}):`,
    `  ${result.archive} (${megabytes(result.bytes)})`,
    `  SHA-256 (${result.archive}.sha256): ${result.sha256}`,
    `  заказов / orders ${counts?.orders}, пользователей / users ${counts?.users}, файлов / files ${files?.stored} (${megabytes(files?.bytes ?? 0)})` +
      (files?.missing ? `; без содержимого / rows without bytes: ${files.missing}` : ''),
    ...(files?.objectStorage
      ? [
          `  файлы не в архиве: они хранятся в ${files.objectStorage} (его версионирование и репликация — их защита) / files are not in the archive: they stay in ${files.objectStorage}`,
        ]
      : []),
    `  время / took ${seconds(result.durationMs)}` +
      (result.heldMs ? `; база занята / database held ${seconds(result.heldMs)}` : ''),
  ].join('\n');
}

async function backupEmbedded(config: ServerConfig): Promise<{ result: BackupResult; by: string }> {
  if (!existsSync(join(config.dataDir, 'pglite'))) {
    throw new BackupError(
      `В ${config.dataDir} нет базы данных (pglite/): проверьте DATA_DIR.\nThere is no database (pglite/) in ${config.dataDir}: check DATA_DIR.`,
    );
  }
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const reply = await askServer(config.dataDir, { command: 'backup' });
    if (!reply) {
      throw new BackupError(
        `Сервер (pid ${error.ownerPid}) работает с ${config.dataDir}, но не отвечает на ${CONTROL_SOCKET}: это более старая версия, или путь слишком длинный для сокета. Дождитесь плановой копии или остановите сервер и повторите.\n` +
          `A server (pid ${error.ownerPid}) owns ${config.dataDir} but does not answer on ${CONTROL_SOCKET} (an older version, or a path too long for a socket). Wait for the scheduled backup, or stop the server and run this again.`,
      );
    }
    if (!reply.ok) throw new BackupError(`the server refused: ${reply.error}`);
    return { result: reply.result, by: `by the running server, pid ${error.ownerPid}` };
  }
  try {
    const database = await openDatabase({ pgliteDir: join(config.dataDir, 'pglite') });
    try {
      return { result: await runBackup({ config, database }, 'manual'), by: 'no server running' };
    } finally {
      await database.checkpoint();
      await database.close();
    }
  } finally {
    lock.release();
  }
}

async function backupPostgres(config: ServerConfig): Promise<{ result: BackupResult; by: string }> {
  const url = config.databaseUrl as string;
  const database = await openDatabase({ url }, { connectTimeoutMs: config.database.connectTimeoutMs });
  try {
    return { result: await runBackup({ config, database }, 'manual'), by: 'pg_dump' };
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  const { result, by } = config.databaseUrl ? await backupPostgres(config) : await backupEmbedded(config);
  const text = describe(result, by);
  if (result.status === 'ok') console.log(text);
  else console.error(text);
  return result.status === 'ok' ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
