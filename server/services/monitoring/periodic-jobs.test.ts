/**
 * The monitor tells each periodic job's schedule in words (src/domain/cron-text.ts): every
 * schedule the product ships, by default, must read as words, not as cron fields.
 */
import { describe, expect, it } from 'vitest';
import { describeCron } from '../../../src/domain/cron-text';
import type { AppContext } from '../../app-context';
import { loadConfig } from '../../config';
import { PERIODIC_JOBS } from './periodic-jobs';

const WINTER = new Date('2026-01-15T12:00:00Z');

describe('the periodic jobs as the monitor tells them', () => {
  it('puts every shipped schedule into words', () => {
    const ctx = { config: loadConfig({}) } as unknown as AppContext;
    const said = Object.fromEntries(
      PERIODIC_JOBS.map((job) => {
        const { pattern, timezone } = job.cron(ctx);
        return [job.name, describeCron(pattern, timezone, WINTER)];
      }),
    );
    expect(said).toEqual({
      'check-new-paid-orders': 'каждые 10 минут',
      'send-payment-reminders': 'ежедневно в 11:00 по Москве',
      'send-act-exchange-reminders': 'по понедельникам в 12:00 по Москве',
      'sync-pickup-points': 'ежедневно в 04:15 по Москве',
      'check-delivery-statuses': 'каждые 30 минут',
      'file-cleanup': 'каждый час, в 23 минуты',
      'orphan-sweep': 'ежедневно в 04:40 по Москве',
      'scan-retention': 'ежедневно в 05:10 по Москве',
      backup: 'ежедневно в 03:30 по Москве',
    });
  });
});
