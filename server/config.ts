/**
 * The server's configuration: the only module that reads process.env. Everything else receives
 * a ServerConfig, so tests build a server from a plain object and nothing reads the environment
 * behind their back. Invalid values stop the start with one message naming each bad variable.
 * It imports nothing of the server: every other part may import it.
 */
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import cronParser from 'cron-parser';
import * as v from 'valibot';

/**
 * A path of the file storage, as a key (server/storage/file-storage.ts) or the S3 prefix above the
 * keys: segments of letters, digits, `.`, `_`, `-`, none starting with a dot — never `..`, never
 * absolute, no leading or trailing slash.
 */
const STORAGE_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export const isStoragePath = (path: string) => STORAGE_PATH.test(path);

/**
 * Why a cron pattern cannot be scheduled in the zone, or null when it can: read the way pg-boss
 * reads it (the same cron-parser pg-boss 10 schedules with).
 */
export function cronProblem(pattern: string, timezone: string): string | null {
  if (pattern.trim().split(/\s+/).length !== 5) return 'must have five fields: minute hour day month weekday';
  try {
    cronParser.parseExpression(pattern, { tz: timezone });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()));

const seconds = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.toNumber(),
    v.integer(`must be a whole number of seconds from ${min} to ${max}`),
    v.minValue(min, `must be a whole number of seconds from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number of seconds from ${min} to ${max}`),
  );

const perWindow = (max: number) =>
  v.pipe(
    v.string(),
    v.toNumber(),
    v.integer(`must be a whole number from 1 to ${max}`),
    v.minValue(1, `must be a whole number from 1 to ${max}`),
    v.maxValue(max, `must be a whole number from 1 to ${max}`),
  );

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** A cron pattern; its zone (CRON_TIMEZONE) is checked with the pattern in loadConfig. */
const cronPattern = (fallback: string) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\S+(\s+\S+){4}$/, 'must be a cron pattern of five fields')),
    fallback,
  );

/**
 * The periodic jobs' schedules (server/services/monitoring/periodic-jobs.ts), read in CRON_TIMEZONE: checks often,
 * reminders once a day in office hours, pickup points at night.
 */
const CRON_DEFAULTS = {
  'check-new-paid-orders': '*/10 * * * *',
  'send-payment-reminders': '0 11 * * *',
  'send-act-exchange-reminders': '0 12 * * 1',
  'sync-pickup-points': '15 4 * * *',
  'check-delivery-statuses': '*/30 * * * *',
} as const;
export type CronJobName = keyof typeof CRON_DEFAULTS;
const CRON_VARIABLES: Record<CronJobName, string> = {
  'check-new-paid-orders': 'CRON_CHECK_NEW_PAID_ORDERS',
  'send-payment-reminders': 'CRON_SEND_PAYMENT_REMINDERS',
  'send-act-exchange-reminders': 'CRON_SEND_ACT_EXCHANGE_REMINDERS',
  'sync-pickup-points': 'CRON_SYNC_PICKUP_POINTS',
  'check-delivery-statuses': 'CRON_CHECK_DELIVERY_STATUSES',
};

/** Five cron fields (minute hour day month weekday) as pg-boss reads them, or `off`. */
const CRON_OR_OFF = /^(off|[\d*,/-]+( [\d*,/A-Za-z-]+){4})$/;

const count = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.toNumber(),
    v.integer(`must be a whole number from ${min} to ${max}`),
    v.minValue(min, `must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number from ${min} to ${max}`),
  );

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '8080'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))),
  DATABASE_CONNECT_TIMEOUT: v.optional(seconds(1, 120), '5'),
  DATABASE_START_TIMEOUT: v.optional(seconds(0, 3600), '120'),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be a URL such as https://perevod.example.ru'))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty()), 'Бюро переводов <no-reply@perevod.local>'),
  ADMIN_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.email('must be an email address')),
    'admin@perevod.local',
  ),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  TELEGRAM_BOT_TOKEN: optionalText,
  /** Telegram's secret_token for the webhook (1–256 of A–Z, a–z, 0–9, _ and -); derived from the server secret when unset. */
  TELEGRAM_WEBHOOK_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -'),
    ),
  ),
  TELEGRAM_API_URL: v.optional(
    v.pipe(v.string(), v.url('must be the URL of the Telegram Bot API, such as https://api.telegram.org')),
    'https://api.telegram.org',
  ),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: v.optional(
    v.pipe(v.string(), v.regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')),
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  STATIC_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './dist'),
  MAP_STYLE_URL: v.optional(
    v.pipe(v.string(), v.url('must be the URL of a MapLibre style.json')),
    'https://tiles.openfreemap.org/styles/liberty',
  ),
  MAP_TILE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a tile URL template with {z}, {x} and {y}'),
    ),
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
  DADATA_API_KEY: optionalText,
  DADATA_SUGGEST_URL: v.optional(
    v.pipe(v.string(), v.url('must be the URL of DaData suggest/address')),
    'https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address',
  ),
  YOOKASSA_SHOP_ID: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'must be the shop id, digits'))),
  YOOKASSA_SECRET_KEY: optionalText,
  YOOKASSA_API_URL: v.optional(
    v.pipe(v.string(), v.url('must be the URL of the YooKassa API')),
    'https://api.yookassa.ru/v3',
  ),
  PAYMENTS_DEMO: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
  /** YooKassa's vat_code on receipts: 1 «без НДС» (simplified tax system) … 12. */
  YOOKASSA_VAT_CODE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^([1-9]|1[0-2])$/, 'must be YooKassa vat_code, 1 to 12'),
      v.transform(Number),
    ),
    '1',
  ),
  SCAN_RETENTION_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,4}$/, 'must be a number of days, 0 to 9999'),
      v.transform(Number),
    ),
    '90',
  ),
  ORDERS_PER_HOUR_PER_ADDRESS: v.optional(perWindow(1_000_000), '20'),
  ORDERS_PER_DAY_PER_EMAIL: v.optional(perWindow(1_000_000), '10'),
  ORDERS_PER_HOUR_PER_CUSTOMER: v.optional(perWindow(1_000_000), '60'),
  MAILS_PER_HOUR_TO_UNVERIFIED: v.optional(perWindow(1_000_000), '5'),
  UPLOAD_MB_PER_HOUR_PER_ADDRESS: v.optional(perWindow(1_000), '300'),
  PROMO_CHECKS_PER_HOUR_PER_ADDRESS: v.optional(perWindow(1_000_000), '20'),
  SIGN_IN_CODES_PER_HOUR_PER_ADDRESS: v.optional(perWindow(1_000_000), '30'),
  ADDRESS_SUGGESTIONS_PER_HOUR_PER_ADDRESS: v.optional(perWindow(1_000_000), '150'),
  EXPORTS_PER_HOUR_PER_ACCOUNT: v.optional(perWindow(1_000_000), '5'),
  TRACK_FAILURES_PER_HOUR: v.optional(perWindow(1_000_000), '10'),
  YOOKASSA_WEBHOOK_SOURCES: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (value) => parseSources(value) !== null,
        'must be a comma-separated list of IP addresses or networks such as 185.71.76.0/27',
      ),
    ),
  ),
  CDEK_CLIENT_ID: optionalText,
  CDEK_CLIENT_SECRET: optionalText,
  CDEK_API_URL: v.optional(
    v.pipe(v.string(), v.url('must be the URL of the CDEK API v2, such as https://api.cdek.ru/v2')),
    'https://api.cdek.ru/v2',
  ),
  CDEK_SHIPMENT_POINT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z0-9_-]{2,30}$/, 'must be a CDEK point code such as MSK123'),
    ),
  ),
  CDEK_CITY_CODE: v.optional(
    v.pipe(
      v.string(),
      v.toNumber(),
      v.integer('must be a CDEK city code'),
      v.minValue(1, 'must be a CDEK city code'),
    ),
    '44',
  ),
  CDEK_TIMEOUT: v.optional(seconds(1, 120), '15'),
  CRON_TIMEZONE: v.optional(
    v.pipe(v.string(), v.trim(), v.check(isTimeZone, 'must be an IANA time zone such as Europe/Moscow')),
    'Europe/Moscow',
  ),
  CRON_CHECK_NEW_PAID_ORDERS: cronPattern(CRON_DEFAULTS['check-new-paid-orders']),
  CRON_SEND_PAYMENT_REMINDERS: cronPattern(CRON_DEFAULTS['send-payment-reminders']),
  CRON_SEND_ACT_EXCHANGE_REMINDERS: cronPattern(CRON_DEFAULTS['send-act-exchange-reminders']),
  CRON_SYNC_PICKUP_POINTS: cronPattern(CRON_DEFAULTS['sync-pickup-points']),
  CRON_CHECK_DELIVERY_STATUSES: cronPattern(CRON_DEFAULTS['check-delivery-statuses']),
  BACKUP_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
  BACKUP_CRON: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(CRON_OR_OFF, 'must be five cron fields in Moscow time, such as 30 3 * * *, or off'),
    ),
    '30 3 * * *',
  ),
  BACKUP_KEEP_DAILY: v.optional(count(1, 366), '7'),
  BACKUP_KEEP_WEEKLY: v.optional(count(0, 520), '4'),
  S3_BUCKET: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3–63 lowercase letters, digits, dots, hyphens',
      ),
    ),
  ),
  S3_ENDPOINT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.url('must be the URL of the S3 API, such as https://storage.yandexcloud.net'),
    ),
  ),
  S3_REGION: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[a-z0-9-]+$/, 'must be a region such as ru-central1 or eu-central-1'),
    ),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['true', 'false'], 'must be true or false'), 'false'),
  S3_PREFIX: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (prefix) => isStoragePath(prefix) && prefix.length <= 200,
        'must be a folder name such as perevod-prod: letters, digits, . _ - and / between parts, no leading or trailing /',
      ),
    ),
  ),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'must be true, false, a number of proxies, or a comma-separated list of proxy addresses',
      ),
    ),
  ),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path: the embedded database, uploaded files, outbox mail and secrets.json. */
  dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL only. connectTimeoutMs bounds a request's wait for a connection while the database
   * is away (the request then answers 503); startTimeoutMs is how long the start waits for a
   * database that is not up yet before giving up (0: do not wait).
   */
  database: { connectTimeoutMs: number; startTimeoutMs: number };
  publicUrl: string;
  /** PUBLIC_URL was given; otherwise publicUrl is only the local address, and payments return to the page's origin. */
  publicUrlSet: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string;
  /** Unset: the first seed generates one and prints it once. */
  adminPassword: string | undefined;
  /** Unset: generated once and kept in DATA_DIR/secrets.json (see server/secrets.ts). */
  jwtSecret: string | undefined;
  telegramBotToken: string | undefined;
  /**
   * The bureau's Telegram bot (services/telegram) when TELEGRAM_BOT_TOKEN is set: apiUrl is the Bot
   * API's address (tests point it at a local stub); webhookSecret, when set, is the secret_token
   * Telegram sends with each webhook call (otherwise one is derived from the server's secret).
   * The bot takes updates by webhook when PUBLIC_URL is https, by long polling otherwise.
   */
  telegram: { apiUrl: string; webhookSecret: string | undefined };
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  vapidSubject: string;
  logLevel: LogLevel;
  /** Absolute path of the built app (Vite's dist/). */
  staticDir: string;
  /**
   * Map data for step 4 of the order form: a MapLibre style (vector, the default provider) and a
   * raster tile template (the lighter fallback provider). Both keyless by default; a bureau may
   * point them at its own tile server. The Content-Security-Policy allows their origins.
   */
  map: { styleUrl: string; rasterTileUrl: string };
  /**
   * Address suggestions for courier delivery (DaData suggest/address). No key: the form shows a
   * plain address field. The key never leaves the server: the browser asks /api/address/suggest.
   */
  addressSuggest: { apiKey: string | undefined; url: string };
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): the client address is what
   * per-address sign-in limits count. Unset: none — behind a reverse proxy every customer would
   * otherwise share the proxy's address and its limits.
   */
  trustProxy: boolean | number | string;
  /**
   * Card payments: YooKassa when its shop id and secret key are set, otherwise the embedded demo
   * provider whose page says it is a test mode (server/services/payments).
   */
  /**
   * Limits that hold the public form against abuse while a real customer never meets them
   * (docs/decisions/0027-abuse-limits.md); the test harnesses raise them explicitly.
   */
  limits: {
    /** Orders placed without signing in, per client address, per hour. */
    ordersPerHourPerAddress: number;
    /** Orders placed without signing in, per email, per 24 hours. */
    ordersPerDayPerEmail: number;
    /** Orders of one signed-in account, per hour. */
    ordersPerHourPerCustomer: number;
    /** Emails (other than sign-in codes) to an address that has never signed in, per hour. */
    mailsPerHourToUnverified: number;
    /** Bytes uploaded without signing in, per client address, per hour. */
    uploadBytesPerHourPerAddress: number;
    /** Promo code checks (POST /api/form-settings/promocode/validate) per client address, per hour. */
    promoChecksPerHourPerAddress: number;
    /** Sign-in codes asked for (by email, or to confirm a new email) from one client address, per hour. */
    signInCodesPerHourPerAddress: number;
    /** Address suggestions (a paid provider's quota) per client address, per hour. */
    addressSuggestionsPerHourPerAddress: number;
    /** ZIPs of a person's data (every scan read from storage) made by one account, per hour. */
    exportsPerHourPerAccount: number;
    /** Failed order look-ups on /track (GET /api/track), per client address and per order number, per hour. */
    trackFailuresPerHour: number;
  };
  /** Days after an order is completed or cancelled before its uploaded scans are deleted. */
  scanRetentionDays: number;
  payments: {
    /** The demo provider is in use (no YooKassa): its page takes no money. */
    demo: boolean;
    /** YooKassa's vat_code written on every receipt item (1: «без НДС»). */
    vatCode: number;
    yookassa:
      | {
          shopId: string;
          secretKey: string;
          apiUrl: string;
          /** Where YooKassa's notifications may come from: addresses and networks (CIDR). */
          webhookSources: readonly string[];
        }
      | undefined;
  };
  /**
   * The courier service (CDEK API v2) when its client id and secret are set; unset, courier
   * deliveries cost the delivery's tariff and the bureau sends them itself (server/services/courier).
   * shipmentPoint: the CDEK point where the bureau hands parcels in (unset: CDEK collects them
   * from the office); cityCode: whose pickup points are synchronised.
   */
  courier: {
    cdek:
      | {
          clientId: string;
          clientSecret: string;
          apiUrl: string;
          shipmentPoint: string | undefined;
          cityCode: number;
          timeoutMs: number;
        }
      | undefined;
  };
  /** The periodic jobs' cron patterns and the zone they are read in (services/monitoring/periodic-jobs.ts). */
  cron: { timezone: string; patterns: Record<CronJobName, string> };
  /**
   * Backups (server/backup): where archives go (absolute; DATA_DIR/backups by default), the
   * pg-boss schedule in Moscow time (undefined: no scheduled backups, BACKUP_CRON=off), and how
   * many scheduled archives the pruning keeps: the newest of each of the last `keepDaily` days
   * and of the last `keepWeekly` ISO weeks that have one. Manual archives are never pruned.
   */
  backup: { dir: string; cron: string | undefined; keepDaily: number; keepWeekly: number };
  /**
   * Where stored files' bytes live (server/storage): DATA_DIR/files by default, or an
   * S3-compatible bucket when S3_BUCKET is set — the choice for several server processes on
   * several machines (docs/decisions/0032). Upload parts wait on the local disk either way.
   */
  storage: StorageConfig;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** Unset: AWS's own endpoint for the region. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** bucket in the path (http://host/bucket/key), as MinIO wants, instead of bucket.host. */
      forcePathStyle: boolean;
      /**
       * S3_PREFIX: this installation's folder in the bucket; every object's key is
       * `<prefix>/<storage_path>`. Unset: keys at the bucket's root, and no orphan sweep, since
       * the bucket may hold another installation's objects (docs/decisions/0035).
       */
      prefix: string | undefined;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Reads and checks the environment; empty strings count as unset, as in most .env files. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.entries)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = v.safeParse(EnvSchema, present);
  if (!parsed.success) {
    const lines = parsed.issues.map((issue) => {
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? '?';
      return `  ${key}: ${issue.message}`;
    });
    throw new ConfigError(`Ошибка конфигурации / invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.output;
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Ошибка конфигурации / invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  if ((e.CDEK_CLIENT_ID === undefined) !== (e.CDEK_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      'Ошибка конфигурации / invalid configuration: set both CDEK_CLIENT_ID and CDEK_CLIENT_SECRET, or neither',
    );
  }
  const patterns = Object.fromEntries(
    Object.entries(CRON_VARIABLES).map(([job, variable]) => [job, e[variable as keyof typeof e] as string]),
  ) as Record<CronJobName, string>;
  const cronProblems = Object.entries(patterns)
    .map(([job, pattern]) => [CRON_VARIABLES[job as CronJobName], cronProblem(pattern, e.CRON_TIMEZONE)])
    .filter(([, problem]) => problem !== null);
  if (cronProblems.length > 0) {
    throw new ConfigError(
      `Ошибка конфигурации / invalid configuration:\n${cronProblems.map(([key, problem]) => `  ${key}: ${problem}`).join('\n')}`,
    );
  }
  if ((e.YOOKASSA_SHOP_ID === undefined) !== (e.YOOKASSA_SECRET_KEY === undefined)) {
    throw new ConfigError(
      'Ошибка конфигурации / invalid configuration: set both YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY, or neither',
    );
  }
  const storage = storageConfig(e);
  const yookassa = e.YOOKASSA_SHOP_ID !== undefined && e.YOOKASSA_SECRET_KEY !== undefined;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // A site on https is a real one: taking test payments there must be asked for by name.
  if (!yookassa && publicUrl.startsWith('https:') && e.PAYMENTS_DEMO !== 'true') {
    throw new ConfigError(
      'Ошибка конфигурации / invalid configuration: PUBLIC_URL is https but no payment provider is set. ' +
        'Set YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY, or PAYMENTS_DEMO=true to run the demo payment page ' +
        '(test mode, takes no money) on purpose',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    database: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT * 1000,
      startTimeoutMs: e.DATABASE_START_TIMEOUT * 1000,
    },
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    telegram: { apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''), webhookSecret: e.TELEGRAM_WEBHOOK_SECRET },
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL}`,
    logLevel: e.LOG_LEVEL,
    staticDir: resolve(e.STATIC_DIR),
    map: { styleUrl: e.MAP_STYLE_URL, rasterTileUrl: e.MAP_TILE_URL },
    addressSuggest: { apiKey: e.DADATA_API_KEY, url: e.DADATA_SUGGEST_URL },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    limits: {
      ordersPerHourPerAddress: e.ORDERS_PER_HOUR_PER_ADDRESS,
      ordersPerDayPerEmail: e.ORDERS_PER_DAY_PER_EMAIL,
      ordersPerHourPerCustomer: e.ORDERS_PER_HOUR_PER_CUSTOMER,
      mailsPerHourToUnverified: e.MAILS_PER_HOUR_TO_UNVERIFIED,
      uploadBytesPerHourPerAddress: e.UPLOAD_MB_PER_HOUR_PER_ADDRESS * 1024 * 1024,
      promoChecksPerHourPerAddress: e.PROMO_CHECKS_PER_HOUR_PER_ADDRESS,
      signInCodesPerHourPerAddress: e.SIGN_IN_CODES_PER_HOUR_PER_ADDRESS,
      addressSuggestionsPerHourPerAddress: e.ADDRESS_SUGGESTIONS_PER_HOUR_PER_ADDRESS,
      exportsPerHourPerAccount: e.EXPORTS_PER_HOUR_PER_ACCOUNT,
      trackFailuresPerHour: e.TRACK_FAILURES_PER_HOUR,
    },
    scanRetentionDays: e.SCAN_RETENTION_DAYS,
    payments: {
      demo: !yookassa,
      vatCode: e.YOOKASSA_VAT_CODE,
      yookassa:
        e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
          ? {
              shopId: e.YOOKASSA_SHOP_ID,
              secretKey: e.YOOKASSA_SECRET_KEY,
              apiUrl: e.YOOKASSA_API_URL.replace(/\/+$/, ''),
              webhookSources: parseSources(e.YOOKASSA_WEBHOOK_SOURCES ?? '') ?? YOOKASSA_WEBHOOK_SOURCES,
            }
          : undefined,
    },
    courier: {
      cdek:
        e.CDEK_CLIENT_ID && e.CDEK_CLIENT_SECRET
          ? {
              clientId: e.CDEK_CLIENT_ID,
              clientSecret: e.CDEK_CLIENT_SECRET,
              apiUrl: e.CDEK_API_URL.replace(/\/+$/, ''),
              shipmentPoint: e.CDEK_SHIPMENT_POINT,
              cityCode: e.CDEK_CITY_CODE,
              timeoutMs: e.CDEK_TIMEOUT * 1000,
            }
          : undefined,
    },
    cron: { timezone: e.CRON_TIMEZONE, patterns },
    backup: {
      dir: resolve(e.BACKUP_DIR ?? join(e.DATA_DIR, 'backups')),
      cron: e.BACKUP_CRON === 'off' ? undefined : e.BACKUP_CRON,
      keepDaily: e.BACKUP_KEEP_DAILY,
      keepWeekly: e.BACKUP_KEEP_WEEKLY,
    },
    storage,
  };
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
] as const;

/**
 * Object storage is used when S3_BUCKET is set, and then needs its keys; any other S3_* variable
 * without a bucket is a configuration half done, refused rather than silently storing on disk.
 */
function storageConfig(e: v.InferOutput<typeof EnvSchema>): StorageConfig {
  const refuse = (problem: string) =>
    new ConfigError(`Ошибка конфигурации / invalid configuration: ${problem}`);
  if (e.S3_BUCKET === undefined) {
    const stray = S3_VARIABLES.filter((key) => e[key] !== undefined);
    if (stray.length > 0) {
      throw refuse(
        `${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to keep files in object storage, or unset them to keep files in DATA_DIR/files`,
      );
    }
    return { kind: 'local' };
  }
  const lacking = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (key) => e[key] === undefined,
  );
  if (lacking.length > 0) {
    throw refuse(`S3_BUCKET is set, so object storage needs ${lacking.join(' and ')} too`);
  }
  if (e.S3_ENDPOINT !== undefined && e.S3_REGION === undefined) {
    throw refuse(
      'S3_ENDPOINT is set without S3_REGION: set the region the storage expects (ru-central1 for Yandex Object Storage, us-east-1 for most MinIO)',
    );
  }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    prefix: e.S3_PREFIX,
  };
}

/**
 * The addresses YooKassa sends its HTTP notifications from, as it publishes them
 * (yookassa.ru/developers/using-api/webhooks, «IP-адреса»). A shop behind a proxy sets
 * TRUST_PROXY so the real sender is what is compared.
 */
export const YOOKASSA_WEBHOOK_SOURCES: readonly string[] = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11/32',
  '77.75.156.35/32',
  '77.75.154.128/25',
  '2a02:5180::/32',
];

/** A list of addresses or networks as CIDR strings (a bare address is its /32 or /128); null if any is not one. */
function parseSources(value: string): string[] | null {
  if (value.trim() === '') return null;
  const sources: string[] = [];
  for (const item of value.split(',').map((part) => part.trim())) {
    const [address = '', prefix] = item.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32)) return null;
    sources.push(`${address}/${bits}`);
  }
  return sources;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * The environment a command-line tool the server runs (pg_dump, pg_restore) gets: this process's
 * own (PATH, locale, PGSSLROOTCERT and the like) with `extra` on top, such as PGPASSWORD, which
 * must not appear in the tool's arguments where every local user could read it.
 */
export function toolEnvironment(extra: Env, env: Env = process.env): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...env, ...extra }))
    if (value !== undefined) merged[key] = value;
  return merged;
}

/**
 * The PostgreSQL server the integration tests run against (each test file makes its own
 * database there and drops it after); unset means in-memory PGlite.
 */
export function testDatabaseUrl(env: Env = process.env): string | undefined {
  return env.TEST_DATABASE_URL || undefined;
}
