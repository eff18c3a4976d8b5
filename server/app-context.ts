/**
 * What handlers and services are given: the server's parts, built once by the composition root
 * (composition-root.ts). A type only: naming a part's type here builds nothing.
 */
import type { ServerKeys } from './auth/keys';
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { MailService } from './mail/mail-service';
import type { Jobs } from './queue/boss';
import type { CatalogueCache } from './services/catalogue/catalogue-cache';
import type { CourierService } from './services/courier/courier';
import type { PushDelivery } from './services/notifications/push-delivery';
import type { TelegramBot } from './services/telegram/bot';
import type { FileStorage } from './storage/file-storage';

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
  /** The bureau's Telegram bot when TELEGRAM_BOT_TOKEN is set (services/telegram). */
  telegram: TelegramBot | undefined;
  /** Absent when the server runs without pg-boss (most tests): email is then sent at once. */
  jobs: Jobs | undefined;
  version: string;
  startedAt: number;
}
