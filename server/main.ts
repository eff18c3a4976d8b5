/**
 * The server process: start everything, listen, and shut down cleanly on SIGTERM/SIGINT
 * (finish in-flight requests, stop jobs, CHECKPOINT the embedded database, release the lock).
 */
import { STEP_ONE_PATH } from '../src/domain/cache-bust';
import { LEGAL_DOCUMENT_PATHS } from '../src/domain/legal-pages';
import { ConfigError, loadConfig } from './config';
import { DataDirNotPrivateError, PRIVATE_UMASK } from './data-dir';
import { DataDirLockedError } from './db/lock';
import { DatabaseUnreachableError } from './db/wait';
import { createLogger } from './logger';
import { SecretsMismatchError } from './shared-secrets';
import { type RunningServer, startServer } from './start';
import { StorageUnreachableError } from './storage/file-storage';

/** A shutdown that hangs (a stuck request, a stuck job) must not keep the process forever. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

async function main(): Promise<void> {
  // Before anything opens a file: PGlite creates its files 0666, which would leave the database
  // readable by every local user.
  process.umask(PRIVATE_UMASK);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // A library's promise that nobody awaits (pg-boss has some) must not end a server that is
  // otherwise fine: while PostgreSQL restarts such a promise rejects, and Node would exit.
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'Необработанная ошибка в фоне (сервер продолжает работу)');
  });

  let server: RunningServer;
  try {
    server = await startServer(config, logger);
  } catch (error) {
    if (
      error instanceof DataDirLockedError ||
      error instanceof DataDirNotPrivateError ||
      error instanceof DatabaseUnreachableError ||
      error instanceof SecretsMismatchError ||
      error instanceof StorageUnreachableError
    ) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The order form's first step is rendered with the live catalogue on first need
  // (server/http/prerendered-pages.ts): render it before listening, so the first visitor gets it
  // at once. The pages with nothing variable in them come rendered from the build.
  await server.app.inject({ url: `${STEP_ONE_PATH}?t=0` }).catch(() => undefined);
  await server.app.listen({ port: config.port, host: config.host });
  // The customer documents are rendered from the database's version in force on first need:
  // render them now, after listening, so the first reader does not wait for the render.
  void (async () => {
    for (const url of Object.values(LEGAL_DOCUMENT_PATHS)) await server.app.inject({ url });
  })().catch(() => undefined);
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const files = server.context.storage.description;
  logger.info({ url: config.publicUrl, database, files }, `Сервер запущен: ${config.publicUrl}`);
  if (!config.publicUrlSet) {
    // Links in mail and push cannot know the address people open the site by: say which one they use.
    logger.warn(
      { url: config.publicUrl },
      `PUBLIC_URL не задан: ссылки в письмах и push-уведомлениях ведут на ${config.publicUrl}. Задайте PUBLIC_URL, если сайт открывают по другому адресу.`,
    );
  }
  if (server.generatedAdminPassword) {
    // Printed once, at the first seed, and stored nowhere else: note it down now.
    console.log(
      `\nАдминистратор создан / administrator created:\n  логин / login: ${config.adminEmail}\n  пароль / password: ${server.generatedAdminPassword}\n` +
        'Пароль показан один раз. Задайте ADMIN_PASSWORD, чтобы выбрать свой. / Shown once; set ADMIN_PASSWORD to choose your own.\n',
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Остановка сервера');
    const timer = setTimeout(() => {
      logger.error('Остановка заняла слишком долго: выход без ожидания');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await server.close();
      logger.info('Сервер остановлен');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Ошибка при остановке');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
