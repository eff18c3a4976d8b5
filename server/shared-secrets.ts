/**
 * On PostgreSQL several server processes serve one bureau, so the secrets every one of them must
 * agree on — the JWT signing key (a token from one process must pass on another) and the VAPID
 * pair (a browser subscribed through one must get pushes sent by another) — live in the database,
 * in the settings row `server.secrets`, made once under an advisory lock so that processes
 * starting together agree. Never expose that row through an API.
 *
 * A process whose DATA_DIR/secrets.json holds other keys than the database's is refused: it would
 * sign tokens the others reject. The first process of an installation that grew out of one
 * machine brings its file's keys into the database, so existing sessions and subscriptions live on.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { settings } from './db/schema';
import type { ServerSecrets } from './secrets';

export const SHARED_SECRETS_KEY = 'server.secrets';
/** pg_advisory_xact_lock key: any fixed number no other lock in the product uses. */
const SECRETS_LOCK = 7_310_042;

export class SecretsMismatchError extends Error {
  override name = 'SecretsMismatchError';
}

function fileSecrets(dataDir: string): Partial<ServerSecrets> | undefined {
  const path = join(dataDir, 'secrets.json');
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as Partial<ServerSecrets>;
}

function isComplete(value: unknown): value is ServerSecrets {
  const secrets = value as Partial<ServerSecrets> | null;
  return Boolean(secrets?.jwtSecret && secrets.vapidPublicKey && secrets.vapidPrivateKey);
}

export async function loadSharedSecrets(config: ServerConfig, db: Database): Promise<ServerSecrets> {
  const file = fileSecrets(config.dataDir);
  const stored = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SECRETS_LOCK})`);
    const [row] = await tx.select().from(settings).where(eq(settings.key, SHARED_SECRETS_KEY));
    if (row && isComplete(row.value)) return row.value;
    const vapid =
      file?.vapidPublicKey && file.vapidPrivateKey
        ? { publicKey: file.vapidPublicKey, privateKey: file.vapidPrivateKey }
        : webpush.generateVAPIDKeys();
    const made: ServerSecrets = {
      jwtSecret: file?.jwtSecret ?? randomBytes(48).toString('base64url'),
      vapidPublicKey: vapid.publicKey,
      vapidPrivateKey: vapid.privateKey,
    };
    await tx
      .insert(settings)
      .values({ key: SHARED_SECRETS_KEY, value: made })
      .onConflictDoUpdate({ target: settings.key, set: { value: made, updatedAt: new Date() } });
    return made;
  });
  const disagrees =
    (file?.jwtSecret !== undefined && file.jwtSecret !== stored.jwtSecret) ||
    (file?.vapidPublicKey !== undefined && file.vapidPublicKey !== stored.vapidPublicKey);
  if (disagrees) {
    throw new SecretsMismatchError(
      `Ключи в ${join(config.dataDir, 'secrets.json')} не совпадают с ключами в базе данных: этот сервер выдавал бы токены, которые другие отвергнут. Удалите файл (ключи базы общие для всех серверов) или задайте JWT_SECRET и VAPID-ключи в окружении каждого сервера.\n` +
        `The keys in ${join(config.dataDir, 'secrets.json')} differ from the database's: this process would sign tokens the others reject. Remove the file (the database's keys are shared by every process) or set JWT_SECRET and the VAPID keys in every process's environment.`,
    );
  }
  return {
    jwtSecret: config.jwtSecret ?? stored.jwtSecret,
    vapidPublicKey: config.vapidPublicKey ?? stored.vapidPublicKey,
    vapidPrivateKey: config.vapidPrivateKey ?? stored.vapidPrivateKey,
  };
}
