/**
 * Secrets the server makes for itself when the environment gives none: the JWT signing key and
 * the VAPID key pair for web push. They are generated once and kept in DATA_DIR/secrets.json
 * (mode 0600) beside the data they protect, so a restart keeps sessions and push subscriptions
 * valid, and nothing secret ever lives in the repository. Values from the environment win.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { ServerConfig } from './config';

export interface ServerSecrets {
  jwtSecret: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

type StoredSecrets = Partial<ServerSecrets>;

function readStored(path: string): StoredSecrets {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as StoredSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Не удалось прочитать ${path} / cannot read ${path}: ${(error as Error).message}`);
  }
}

export function loadSecrets(config: ServerConfig): ServerSecrets {
  const path = join(config.dataDir, 'secrets.json');
  const stored = readStored(path);
  const vapid =
    stored.vapidPublicKey && stored.vapidPrivateKey
      ? { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey }
      : webpush.generateVAPIDKeys();
  const generated: ServerSecrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  const needsJwt = !config.jwtSecret && !stored.jwtSecret;
  const needsVapid = !config.vapidPublicKey && !(stored.vapidPublicKey && stored.vapidPrivateKey);
  if (needsJwt || needsVapid) {
    mkdirSync(config.dataDir, { recursive: true });
    // Write then rename, so a crash never leaves a half-written file that would lose the key.
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ ...stored, ...generated }, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, path);
  }
  return {
    jwtSecret: config.jwtSecret ?? generated.jwtSecret,
    vapidPublicKey: config.vapidPublicKey ?? generated.vapidPublicKey,
    vapidPrivateKey: config.vapidPrivateKey ?? generated.vapidPrivateKey,
  };
}
