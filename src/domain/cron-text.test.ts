import { describe, expect, it } from 'vitest';
import { describeCron, formatMoscowDateTime } from './cron-text';

const MOSCOW = 'Europe/Moscow';
const WINTER = new Date('2026-01-15T12:00:00Z');

describe('a schedule in words', () => {
  it.each([
    ['*/10 * * * *', MOSCOW, 'каждые 10 минут'],
    ['*/30 * * * *', MOSCOW, 'каждые 30 минут'],
    ['*/2 * * * *', MOSCOW, 'каждые 2 минуты'],
    ['*/1 * * * *', MOSCOW, 'каждую минуту'],
    ['* * * * *', MOSCOW, 'каждую минуту'],
    ['23 * * * *', 'UTC', 'каждый час, в 23 минуты'],
    ['0 * * * *', MOSCOW, 'каждый час, в начале часа'],
    ['5 */3 * * *', MOSCOW, 'каждые 3 часа, в 5 минут'],
    ['0 */2 * * *', MOSCOW, 'каждые 2 часа'],
    ['30 3 * * *', MOSCOW, 'ежедневно в 03:30 по Москве'],
    ['0 11 * * *', MOSCOW, 'ежедневно в 11:00 по Москве'],
    ['15 4 * * *', MOSCOW, 'ежедневно в 04:15 по Москве'],
    ['0 9,18 * * *', MOSCOW, 'ежедневно в 09:00 и 18:00 по Москве'],
    ['0 12 * * 1', MOSCOW, 'по понедельникам в 12:00 по Москве'],
    ['0 10 * * 1-5', MOSCOW, 'по будням в 10:00 по Москве'],
    ['0 10 * * 6,0', MOSCOW, 'по выходным в 10:00 по Москве'],
    ['0 10 * * 0,3', MOSCOW, 'по средам и воскресеньям в 10:00 по Москве'],
    ['0 8 1 * *', MOSCOW, 'ежемесячно 1-го числа в 08:00 по Москве'],
  ])('%s in %s reads «%s»', (pattern, zone, words) => {
    expect(describeCron(pattern, zone, WINTER)).toBe(words);
  });

  it('tells a UTC time as Moscow time, moving the weekday past midnight', () => {
    expect(describeCron('40 1 * * *', 'UTC', WINTER)).toBe('ежедневно в 04:40 по Москве');
    expect(describeCron('30 22 * * 1', 'UTC', WINTER)).toBe('по вторникам в 01:30 по Москве');
  });

  it('says a pattern it cannot put into words with its fields and zone, never silently', () => {
    expect(describeCron('0 0 1 1 *', MOSCOW, WINTER)).toBe('по расписанию «0 0 1 1 *» по Москве');
    expect(describeCron('30 22 1 * *', 'UTC', WINTER)).toBe(
      'по расписанию «30 22 1 * *» в часовом поясе UTC',
    );
    expect(describeCron('every day', MOSCOW, WINTER)).toBe('по расписанию «every day» по Москве');
  });
});

describe('a run’s moment', () => {
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  it('is told on Moscow time, whatever the device’s zone', () => {
    expect(plain(formatMoscowDateTime('2026-11-28T08:00:00Z'))).toBe('28 нояб., 11:00');
    expect(plain(formatMoscowDateTime('2026-11-28T22:30:00Z'))).toBe('29 нояб., 01:30');
  });
});
