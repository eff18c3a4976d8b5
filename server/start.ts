/**
 * Starts every part of the server in order and stops them in reverse: private data folder → file
 * storage check → lock → database → migrations → seed → secrets → jobs → context → workers →
 * control socket → HTTP app.
 * main.ts listens on the result; the process tests spawn go through here too, so they exercise
 * the real start.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppContext } from './app-context';
import { runBackup } from './backup/backup';
import { type ControlSocket, startControlSocket } from './backup/control-socket';
import { createAppContext } from './composition-root';
import type { ServerConfig } from './config';
import { ensurePrivateDataDir } from './data-dir';
import { type DatabaseHandle, openDatabase } from './db/client';
import { type DataDirLock, lockDataDir } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { waitForDatabase } from './db/wait';
import { startWorkers } from './jobs/workers';
import { type Jobs, jobErrorLog, startJobs } from './queue/boss';
import { loadSecrets } from './secrets';
import { seedDatabase } from './seed/seed';
import { announceOrphanSweep } from './services/documents/orphan-sweep';
import { loadSharedSecrets } from './shared-secrets';
import { storageFor } from './storage/configured';

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  /** Set once, when the first seed created the administrator with a generated password. */
  generatedAdminPassword: string | undefined;
  /** Stop taking requests, finish those in flight, stop jobs, flush and close the database. */
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, logger?: FastifyBaseLogger): Promise<RunningServer> {
  // Before the lock and the database open anything in it (main.ts has set the umask already).
  ensurePrivateDataDir(config.dataDir);
  // A bucket that is missing or refuses the keys stops the start here, not the first upload.
  const storage = storageFor(config);
  try {
    await storage.check();
  } catch (error) {
    storage.close();
    throw error;
  }
  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  let jobs: Jobs | undefined;
  let control: ControlSocket | undefined;
  try {
    // Only the embedded database needs the lock: PostgreSQL serves many processes safely.
    if (!config.databaseUrl) lock = lockDataDir(config.dataDir);
    database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: join(config.dataDir, 'pglite') },
      { connectTimeoutMs: config.database.connectTimeoutMs, logger },
    );
    if (config.databaseUrl)
      await waitForDatabase(database, { timeoutMs: config.database.startTimeoutMs, logger });
    const opening = database;
    const seed = await database.exclusively(async () => {
      await migrateDatabase(opening);
      return seedDatabase(opening.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
    });
    // One machine: the keys in DATA_DIR. PostgreSQL: in the database, shared by every process.
    const secrets = config.databaseUrl ? await loadSharedSecrets(config, database.db) : loadSecrets(config);
    // Again once the database is open: PGlite's file system layer sets its own modes on files it
    // creates at start (pg_internal.init), whatever the umask. The folders, 0700, guard the rest.
    ensurePrivateDataDir(config.dataDir);
    // Under the start lock too: two processes creating pg-boss queues at once deadlock.
    const starting = database;
    jobs = await database.exclusively(() => startJobs(starting, jobErrorLog(logger)));
    const context: AppContext = await createAppContext({
      config,
      database,
      jobs,
      jwtSecret: secrets.jwtSecret,
      vapid: { publicKey: secrets.vapidPublicKey, privateKey: secrets.vapidPrivateKey },
      logger,
      storage,
    });
    // Before the sweep can first run: the bucket's prefix is claimed for this database.
    await announceOrphanSweep(context, logger);
    await startWorkers(context, logger);
    // `npm run backup` asks the owner of the embedded database through it (server/backup).
    control = lock
      ? await startControlSocket(
          config.dataDir,
          () => runBackup({ config, database: context.database, logger }, 'manual'),
          logger,
        )
      : undefined;
    if (config.payments.demo) {
      // Said at every start, where an operator looks: nobody should take this for real payments.
      logger?.warn(
        { publicUrl: config.publicUrl },
        'Платежи в тестовом режиме: встроенная демо-страница оплаты, деньги не списываются. Для приёма оплаты задайте YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY / payments are in TEST MODE (demo provider)',
      );
    }
    const app = await buildApp({ context, logger });
    const opened = { database, jobs, lock, control };
    return {
      app,
      context,
      generatedAdminPassword: seed.generatedAdminPassword,
      close: async () => {
        // Every step runs even when an earlier one fails, so the lock is always released.
        const steps = [
          async () => opened.control?.close(),
          () => app.close(),
          async () => context.telegram?.stopUpdates(),
          () => opened.jobs.stop(),
          () => opened.database.checkpoint(),
          () => opened.database.close(),
          async () => opened.lock?.release(),
          async () => storage.close(),
        ];
        const failures: unknown[] = [];
        for (const step of steps) {
          try {
            await step();
          } catch (error) {
            failures.push(error);
          }
        }
        if (failures.length > 0) throw failures[0];
      },
    };
  } catch (error) {
    await control?.close().catch(() => {});
    await jobs?.stop().catch(() => {});
    await database?.close().catch(() => {});
    lock?.release();
    storage.close();
    throw error;
  }
}
