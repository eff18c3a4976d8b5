/**
 * `npm run migrate`: applies the migrations and the seed to the configured database and exits,
 * without serving. For upgrades with no downtime on PostgreSQL: migrate first, then replace the
 * server processes one by one (docs/deploy.md). Every server start does the same under the same
 * lock, so running it is never required, only earlier.
 */
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { ensurePrivateDataDir, PRIVATE_UMASK } from './data-dir';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { waitForDatabase } from './db/wait';
import { createLogger } from './logger';
import { seedDatabase } from './seed/seed';

async function main(): Promise<void> {
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  ensurePrivateDataDir(config.dataDir);
  // The embedded database belongs to one process: refuse while a server holds it.
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: join(config.dataDir, 'pglite') },
    { connectTimeoutMs: config.database.connectTimeoutMs, logger },
  );
  try {
    if (config.databaseUrl)
      await waitForDatabase(database, { timeoutMs: config.database.startTimeoutMs, logger });
    const seed = await database.exclusively(async () => {
      await migrateDatabase(database);
      return seedDatabase(database.db, {
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
      });
    });
    await database.checkpoint();
    logger.info('Миграции применены / migrations applied');
    if (seed.generatedAdminPassword) {
      console.log(
        `Администратор ${config.adminEmail}, пароль / password: ${seed.generatedAdminPassword} (shown once)`,
      );
    }
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
