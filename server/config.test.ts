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
});
