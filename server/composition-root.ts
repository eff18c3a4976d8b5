/**
 * The composition root: builds the server's parts into the context handlers and services are
 * given (its type is app-context.ts). Only the start-up sequence (start.ts) and the test support
 * (test-support/test-server.ts) call it.
 */
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { AppContext } from './app-context';
import { deriveKeys } from './auth/keys';
import { createTokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { createMailService } from './mail/mail-service';
import type { Jobs } from './queue/boss';
import { createCatalogueCache } from './services/catalogue/catalogue-cache';
import { courierFor } from './services/courier/configured';
import { createPushDelivery } from './services/notifications/push-delivery';
import { orderMailParams } from './services/orders/order-mail';
import { createTelegramBot } from './services/telegram/bot';
import { installCommands } from './services/telegram/commands';
import { trackingUrlFor } from './services/tracking/tracking-links';
import { storageFor } from './storage/configured';
import type { FileStorage } from './storage/file-storage';
import { SERVER_VERSION } from './version';

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
  // Every mail, push and Telegram message about an order carries its tracking link (services/tracking).
  const orderTrackingUrl = (orderId: number) =>
    trackingUrlFor(database.db, keys.trackingLink, config.publicUrl, orderId);
  const push = createPushDelivery({
    vapid: { subject: config.vapidSubject, ...vapidKeys },
    orderTrackingPath: async (orderId) => {
      const url = await orderTrackingUrl(orderId);
      return url === null ? null : new URL(url).pathname;
    },
    onError: (error, details) => logger?.warn({ err: error, ...details }, 'Push не доставлен'),
  });
  const mail = createMailService({
    config,
    sealKey: keys.mailSeal,
    jobs,
    db: database.db,
    orderMailParams: (template, orderId) => orderMailParams(database.db, config.publicUrl, template, orderId),
    orderTrackingUrl,
  });
  const telegram = createTelegramBot(config, keys.telegramWebhook);
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
    telegram,
    jobs,
    version: SERVER_VERSION,
    startedAt: Date.now(),
  };
  if (telegram) installCommands(context, telegram, logger);
  return context;
}
