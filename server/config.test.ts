import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('starts with nothing set: port 8080, ./data, embedded database, admin@perevod.local', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      adminEmail: 'admin@perevod.local',
      adminPassword: undefined,
      logLevel: 'info',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.staticDir).toMatch(/\/dist$/);
  });

  it('treats empty variables as unset, as .env files write them', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('fails fast naming every bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*ADMIN_PASSWORD[\s\S]*LOG_LEVEL/);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toBe('127.0.0.1, 10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('sets the abuse limits a bureau would, each overridable', () => {
    expect(loadConfig({}).limits).toEqual({
      ordersPerHourPerAddress: 20,
      ordersPerDayPerEmail: 10,
      ordersPerHourPerCustomer: 60,
      mailsPerHourToUnverified: 5,
      uploadBytesPerHourPerAddress: 300 * 1024 * 1024,
      promoChecksPerHourPerAddress: 20,
      signInCodesPerHourPerAddress: 30,
      addressSuggestionsPerHourPerAddress: 150,
      exportsPerHourPerAccount: 5,
      trackFailuresPerHour: 10,
    });
    expect(loadConfig({ EXPORTS_PER_HOUR_PER_ACCOUNT: '2' }).limits.exportsPerHourPerAccount).toBe(2);
    expect(loadConfig({ ORDERS_PER_HOUR_PER_ADDRESS: '500' }).limits.ordersPerHourPerAddress).toBe(500);
    expect(() => loadConfig({ ORDERS_PER_DAY_PER_EMAIL: '0' })).toThrow(/ORDERS_PER_DAY_PER_EMAIL/);
    expect(() => loadConfig({ UPLOAD_MB_PER_HOUR_PER_ADDRESS: 'lots' })).toThrow(
      /UPLOAD_MB_PER_HOUR_PER_ADDRESS/,
    );
  });

  it('points the Telegram bot at the Bot API given, and refuses a webhook secret Telegram would refuse', () => {
    expect(loadConfig({}).telegram).toEqual({ apiUrl: 'https://api.telegram.org', webhookSecret: undefined });
    expect(
      loadConfig({ TELEGRAM_API_URL: 'http://127.0.0.1:8081/', TELEGRAM_WEBHOOK_SECRET: 'abc_DEF-123' })
        .telegram,
    ).toEqual({
      apiUrl: 'http://127.0.0.1:8081',
      webhookSecret: 'abc_DEF-123',
    });
    expect(() => loadConfig({ TELEGRAM_WEBHOOK_SECRET: 'has spaces' })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(() => loadConfig({ TRACK_FAILURES_PER_HOUR: '0' })).toThrow(/TRACK_FAILURES_PER_HOUR/);
  });

  it('refuses to start a public https site with test payments unless PAYMENTS_DEMO=true says so', () => {
    expect(loadConfig({}).payments.demo).toBe(true);
    expect(() => loadConfig({ PUBLIC_URL: 'https://perevod.example.ru' })).toThrow(/PAYMENTS_DEMO=true/);
    expect(
      loadConfig({ PUBLIC_URL: 'https://perevod.example.ru', PAYMENTS_DEMO: 'true' }).payments.demo,
    ).toBe(true);
    const real = loadConfig({
      PUBLIC_URL: 'https://perevod.example.ru',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'live_secret',
    });
    expect(real.payments.demo).toBe(false);
    expect(() => loadConfig({ PAYMENTS_DEMO: 'yes' })).toThrow(/PAYMENTS_DEMO/);
  });

  it("takes YooKassa's notifications from its published addresses unless told otherwise", () => {
    const keys = { YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'secret' };
    expect(loadConfig(keys).payments.yookassa?.webhookSources).toContain('185.71.76.0/27');
    expect(
      loadConfig({ ...keys, YOOKASSA_WEBHOOK_SOURCES: '10.0.0.5, 2001:db8::/32' }).payments.yookassa
        ?.webhookSources,
    ).toEqual(['10.0.0.5/32', '2001:db8::/32']);
    expect(() => loadConfig({ ...keys, YOOKASSA_WEBHOOK_SOURCES: 'yookassa.ru' })).toThrow(
      /YOOKASSA_WEBHOOK_SOURCES/,
    );
  });

  it('wants both VAPID keys or neither', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID/);
  });

  it('connects CDEK only with both its client id and secret', () => {
    expect(loadConfig({}).courier.cdek).toBeUndefined();
    expect(() => loadConfig({ CDEK_CLIENT_ID: 'id' })).toThrow(/CDEK_CLIENT_ID and CDEK_CLIENT_SECRET/);
    expect(
      loadConfig({
        CDEK_CLIENT_ID: 'id',
        CDEK_CLIENT_SECRET: 'secret',
        CDEK_API_URL: 'https://api.edu.cdek.ru/v2/',
      }).courier.cdek,
    ).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      apiUrl: 'https://api.edu.cdek.ru/v2',
      shipmentPoint: undefined,
      cityCode: 44,
      timeoutMs: 15_000,
    });
  });

  it('schedules the periodic jobs by cron patterns in Moscow time unless told otherwise', () => {
    const config = loadConfig({ CRON_SEND_PAYMENT_REMINDERS: '30 9 * * 1-5' });
    expect(config.cron.timezone).toBe('Europe/Moscow');
    expect(config.cron.patterns['send-payment-reminders']).toBe('30 9 * * 1-5');
    expect(config.cron.patterns['check-new-paid-orders']).toBe('*/10 * * * *');
    expect(() => loadConfig({ CRON_CHECK_DELIVERY_STATUSES: '61 * * * *' })).toThrow(
      /CRON_CHECK_DELIVERY_STATUSES/,
    );
    expect(() => loadConfig({ CRON_SYNC_PICKUP_POINTS: 'hourly' })).toThrow(/CRON_SYNC_PICKUP_POINTS/);
    expect(() => loadConfig({ CRON_TIMEZONE: 'Mars/Olympus' })).toThrow(/CRON_TIMEZONE/);
  });

  it('backs up daily at 03:30 Moscow time into DATA_DIR/backups, keeping 7 daily and 4 weekly archives', () => {
    const config = loadConfig({ DATA_DIR: '/srv/perevod' });
    expect(config.backup).toEqual({
      dir: '/srv/perevod/backups',
      cron: '30 3 * * *',
      keepDaily: 7,
      keepWeekly: 4,
    });
    const custom = loadConfig({
      BACKUP_DIR: '/mnt/backups',
      BACKUP_CRON: 'off',
      BACKUP_KEEP_DAILY: '14',
      BACKUP_KEEP_WEEKLY: '0',
    });
    expect(custom.backup).toEqual({ dir: '/mnt/backups', cron: undefined, keepDaily: 14, keepWeekly: 0 });
    expect(() => loadConfig({ BACKUP_CRON: 'every night' })).toThrow(/BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_KEEP_DAILY: '0' })).toThrow(/BACKUP_KEEP_DAILY/);
  });

  it('keeps files in DATA_DIR/files unless S3_BUCKET names a bucket, which then needs its keys', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    const yandex = {
      S3_BUCKET: 'perevod-files',
      S3_ENDPOINT: 'https://storage.yandexcloud.net/',
      S3_REGION: 'ru-central1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(yandex).storage).toEqual({
      kind: 's3',
      endpoint: 'https://storage.yandexcloud.net',
      region: 'ru-central1',
      bucket: 'perevod-files',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: undefined,
    });
    expect(loadConfig({ ...yandex, S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({
      forcePathStyle: true,
    });
    expect(
      loadConfig({ S3_BUCKET: 'perevod-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })
        .storage,
    ).toMatchObject({ endpoint: undefined, region: 'us-east-1' });
    expect(() => loadConfig({ ...yandex, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...yandex, S3_BUCKET: '' })).toThrow(/without S3_BUCKET/);
    expect(() => loadConfig({ ...yandex, S3_REGION: '' })).toThrow(/S3_ENDPOINT is set without S3_REGION/);
    expect(() => loadConfig({ ...yandex, S3_BUCKET: 'Files_Of_Bureau' })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() => loadConfig({ ...yandex, S3_ENDPOINT: 'storage' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...yandex, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('takes S3_PREFIX as this installation’s folder in the bucket: storage key characters, no slash at either end', () => {
    const bucket = { S3_BUCKET: 'perevod-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ ...bucket, S3_PREFIX: ' perevod-prod ' }).storage).toMatchObject({
      prefix: 'perevod-prod',
    });
    expect(loadConfig({ ...bucket, S3_PREFIX: 'bureau/staging_2' }).storage).toMatchObject({
      prefix: 'bureau/staging_2',
    });
    for (const bad of [
      '/perevod',
      'perevod/',
      'a//b',
      '../perevod',
      '.hidden',
      'перевод',
      'a b',
      'x'.repeat(201),
    ]) {
      expect(() => loadConfig({ ...bucket, S3_PREFIX: bad }), bad).toThrow(
        /S3_PREFIX: must be a folder name/,
      );
    }
    expect(() => loadConfig({ S3_PREFIX: 'perevod-prod' })).toThrow(/S3_PREFIX set without S3_BUCKET/);
  });
});
