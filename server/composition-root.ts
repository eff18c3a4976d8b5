/**
 * What handlers and services are given: the server's parts, built once by createAppContext —
 * for the real server (start.ts) and the tests (test-support/test-server.ts) alike.
 */
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { deriveKeys, type ServerKeys } from './auth/keys';
import { createTokenService, type TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { createMailService, type MailService } from './mail/mail-service';
import type { Jobs } from './queue/boss';
import { type CatalogueCache, createCatalogueCache } from './services/catalogue/catalogue-cache';
import { courierFor } from './services/courier/configured';
import type { CourierService } from './services/courier/courier';
import { createPushDelivery, type PushDelivery } from './services/notifications/push-delivery';
import { orderMailParams } from './services/orders/order-mail';
import { storageFor } from './storage/configured';
import type { FileStorage } from './storage/file-storage';
import { SERVER_VERSION } from './version';

export interface AppContext {
  config: ServerConfig;
  database: DatabaseHandle;
  db: Database;
  tokens: TokenService;
  keys: ServerKeys;
  mail: MailService;
  /** Web push with the server's VAPID keys: the send-push task of notification-tasks. */
  push: PushDelivery;
  /** The bytes of stored files: DATA_DIR/files, or the S3 bucket (server/storage). */
  storage: FileStorage;
  /** The public order-form catalogue, served from memory. */
  catalogue: CatalogueCache;
  /** The courier service (CDEK) when configured; absent, the bureau sends parcels itself. */
  courier: CourierService | undefined;
  /** Absent when the server runs without pg-boss (most tests): email is then sent at once. */
  jobs: Jobs | undefined;
  version: string;
  startedAt: number;
}

export interface ContextParts {
  config: ServerConfig;
  database: DatabaseHandle;
  jobs: Jobs | undefined;
  jwtSecret: string;
  /** The VAPID pair of secrets.ts; tests without one get the environment's or a fresh pair. */
  vapid?: { publicKey: string; privateKey: string };
  logger?: FastifyBaseLogger;
  /** The storage start.ts has checked; by default the one the config names. */
  storage?: FileStorage;
}

/** Builds the context; it starts nothing (server/jobs/workers.ts starts the queues' workers). */
export async function createAppContext({
  config,
  database,
  jobs,
  jwtSecret,
  vapid,
  logger,
  storage,
}: ContextParts): Promise<AppContext> {
  const keys = deriveKeys(jwtSecret);
  const vapidKeys =
    vapid ??
    (config.vapidPublicKey && config.vapidPrivateKey
      ? { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey }
      : webpush.generateVAPIDKeys());
  const push = createPushDelivery({
    vapid: { subject: config.vapidSubject, ...vapidKeys },
    onError: (error, details) => logger?.warn({ err: error, ...details }, 'Push не доставлен'),
  });
  const mail = createMailService({
    config,
    sealKey: keys.mailSeal,
    jobs,
    db: database.db,
    orderMailParams: (template, orderId) => orderMailParams(database.db, config.publicUrl, template, orderId),
  });
  const context: AppContext = {
    config,
    database,
    db: database.db,
    tokens: createTokenService(database.db, jwtSecret),
    keys,
    mail,
    push,
    storage: storage ?? storageFor(config),
    catalogue: createCatalogueCache(database.db),
    courier: courierFor(config),
    jobs,
    version: SERVER_VERSION,
    startedAt: Date.now(),
  };
  return context;
}
