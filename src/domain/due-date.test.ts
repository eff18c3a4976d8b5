import { describe, expect, it } from 'vitest';
import { dueDate, leadTimesOf, urgentDays, type WorkSchedule } from './due-date';
import { isNotaryDay, isStateWorkingDay, isWorkingDay } from './work-calendar';

const plain: WorkSchedule = { daysOff: [], workingDays: [], notarySaturday: false };
/** Noon in Moscow on the day. */
const at = (day: string) => new Date(`${day}T12:00:00+03:00`);

describe('the production calendar shipped for 2026 and 2027', () => {
  it.each([
    // 2026, decree № 1466: 1–11 January off, 3 and 4 January moved to 9 January and 31 December.
    ['2026-01-02', false],
    ['2026-01-09', false],
    ['2026-01-12', true],
    ['2026-02-20', true],
    ['2026-02-23', false],
    ['2026-03-09', false],
    ['2026-04-30', true],
    ['2026-05-01', false],
    ['2026-05-08', true],
    ['2026-05-11', false],
    ['2026-06-12', false],
    ['2026-11-03', true],
    ['2026-11-04', false],
    ['2026-12-30', true],
    ['2026-12-31', false],
    // 2027: the Labour Code's holidays and its own moves of holidays that fall on weekends.
    ['2027-01-01', false],
    ['2027-01-08', false],
    ['2027-01-11', true],
    ['2027-02-22', true],
    ['2027-02-23', false],
    ['2027-03-08', false],
    ['2027-05-03', false],
    ['2027-05-04', true],
    ['2027-05-10', false],
    ['2027-06-14', false],
    ['2027-11-04', false],
    ['2027-11-05', true],
    // Years not shipped: weekends and the holidays themselves.
    ['2028-01-03', false],
    ['2028-01-10', true],
    ['2028-03-08', false],
  ])('%s is a working day: %s', (day, working) => {
    expect(isStateWorkingDay(day)).toBe(working);
  });

  it('has no working day on any weekend of 2026 and 2027 unless an ADMIN makes one', () => {
    for (
      let day = new Date('2026-01-03T00:00:00Z');
      day.getUTCFullYear() < 2028;
      day.setUTCDate(day.getUTCDate() + 7)
    ) {
      const saturday = day.toISOString().slice(0, 10);
      expect(isStateWorkingDay(saturday)).toBe(false);
    }
    expect(isWorkingDay('2027-11-13', { daysOff: [], workingDays: ['2027-11-13'] })).toBe(true);
    expect(isWorkingDay('2027-11-05', { daysOff: ['2027-11-05'], workingDays: [] })).toBe(false);
  });

  it('lets a notary work Saturdays, never a public holiday', () => {
    expect(isNotaryDay('2026-11-21', plain, true)).toBe(true);
    expect(isNotaryDay('2026-11-21', plain, false)).toBe(false);
    expect(isNotaryDay('2026-11-22', plain, true)).toBe(false);
    expect(isNotaryDay('2026-05-09', plain, true)).toBe(false);
    expect(isNotaryDay('2027-06-12', plain, true)).toBe(false);
    expect(isNotaryDay('2026-11-28', { ...plain, daysOff: ['2026-11-28'] }, true)).toBe(false);
  });
});

describe('the promised date', () => {
  it.each([
    // placed (Moscow day), translation days, notary days, urgent, schedule, promised
    ['a weekday, two days', '2026-11-23', 2, 0, false, plain, '2026-11-25'],
    ['over a weekend', '2026-11-26', 2, 0, false, plain, '2026-11-30'],
    ['placed on a Saturday', '2026-11-28', 2, 0, false, plain, '2026-12-01'],
    ['a lead time of 0 on a working day', '2026-11-24', 0, 0, false, plain, '2026-11-24'],
    ['a lead time of 0 on a Sunday', '2026-11-29', 0, 0, false, plain, '2026-11-30'],
    ['over the New Year holidays', '2026-12-29', 3, 0, false, plain, '2027-01-12'],
    ['over 31 December 2026 (moved day off)', '2026-12-30', 1, 0, false, plain, '2027-01-11'],
    ['over 9 January 2026 (moved day off)', '2026-01-08', 1, 0, false, plain, '2026-01-12'],
    ['over 23 February 2026', '2026-02-20', 1, 0, false, plain, '2026-02-24'],
    ['over 9 March 2026 (8 March is a Sunday)', '2026-03-06', 1, 0, false, plain, '2026-03-10'],
    ['over the May holidays 2026', '2026-04-30', 3, 0, false, plain, '2026-05-06'],
    ['over 11 May 2026 (9 May is a Saturday)', '2026-05-08', 1, 0, false, plain, '2026-05-12'],
    ['over 12 June 2026', '2026-06-11', 1, 0, false, plain, '2026-06-15'],
    ['over 4 November 2026', '2026-11-03', 1, 0, false, plain, '2026-11-05'],
    ['over 23 February 2027 (a Tuesday)', '2027-02-22', 1, 0, false, plain, '2027-02-24'],
    ['over 3 May 2027 (1 May is a Saturday)', '2027-04-30', 1, 0, false, plain, '2027-05-04'],
    ['over 10 May 2027 (9 May is a Sunday)', '2027-05-07', 1, 0, false, plain, '2027-05-11'],
    ['over 14 June 2027 (12 June is a Saturday)', '2027-06-11', 1, 0, false, plain, '2027-06-15'],
    ['urgent: 3 days become 2', '2026-11-23', 3, 0, true, plain, '2026-11-25'],
    ['urgent: 1 day stays 1', '2026-11-23', 1, 0, true, plain, '2026-11-24'],
    ['urgent: 5 days become 3', '2026-11-23', 5, 0, true, plain, '2026-11-26'],
    ['urgent over the New Year', '2026-12-30', 4, 0, true, plain, '2027-01-12'],
    ['notarised: two notary days after the translation', '2026-11-23', 2, 2, false, plain, '2026-11-27'],
    ['notarised over a weekend', '2026-11-25', 2, 1, false, plain, '2026-11-30'],
    [
      'notary works Saturdays: the bureau hands over on Monday',
      '2026-11-25',
      2,
      1,
      false,
      { ...plain, notarySaturday: true },
      '2026-11-30',
    ],
    [
      'notary works Saturdays: a day sooner over two notary days',
      '2026-11-26',
      1,
      2,
      false,
      { ...plain, notarySaturday: true },
      '2026-11-30',
    ],
    ['notary without Saturdays', '2026-11-26', 1, 2, false, plain, '2026-12-01'],
    ['urgent does not hurry the notary', '2026-11-23', 4, 2, true, plain, '2026-11-27'],
    [
      'notary over 11 May 2026, a Saturday holiday for the notary too',
      '2026-05-07',
      1,
      2,
      false,
      { ...plain, notarySaturday: true },
      '2026-05-13',
    ],
    [
      'a day off an ADMIN added',
      '2026-11-23',
      2,
      0,
      false,
      { ...plain, daysOff: ['2026-11-24'] },
      '2026-11-26',
    ],
    [
      'a Saturday an ADMIN made a working day',
      '2027-11-12',
      1,
      0,
      false,
      { ...plain, workingDays: ['2027-11-13'] },
      '2027-11-13',
    ],
  ] as const)('%s', (_name, placed, translationDays, notaryDays, urgent, schedule, promised) => {
    expect(dueDate({ placedAt: at(placed), translationDays, notaryDays, urgent, schedule })).toBe(promised);
  });

  it('counts from the Moscow day, whatever the time zone the moment is written in', () => {
    // 22:30 UTC on Monday is already Tuesday in Moscow.
    const late = new Date('2026-11-23T22:30:00Z');
    expect(
      dueDate({ placedAt: late, translationDays: 1, notaryDays: 0, urgent: false, schedule: plain }),
    ).toBe('2026-11-25');
  });

  it('halves an urgent lead time rounding up', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(urgentDays)).toEqual([0, 1, 1, 2, 2, 3, 5]);
  });

  it('takes the slowest document and the slowest assurance of the order', () => {
    const documents = new Map([
      [1, { leadDays: 2 }],
      [2, { leadDays: 5 }],
    ]);
    const assurances = new Map([
      [10, { notaryDays: 1 }],
      [11, { notaryDays: 3 }],
    ]);
    expect(
      leadTimesOf(
        [
          { documentId: 1, assuranceIds: [10] },
          { documentId: 2, assuranceIds: [] },
        ],
        documents,
        assurances,
      ),
    ).toEqual({ translationDays: 5, notaryDays: 1 });
    expect(leadTimesOf([{ documentId: 1, assuranceIds: [11, 10] }], documents, assurances)).toEqual({
      translationDays: 2,
      notaryDays: 3,
    });
  });
});

describe('the mark of a promised date', () => {
  it('marks an order in work late or due today, never one ready or closed', async () => {
    const { dueMark } = await import('./due-date');
    expect(dueMark({ dueDate: '2026-11-24', status: 'IN_TRANSLATION' }, '2026-11-25')).toBe('overdue');
    expect(dueMark({ dueDate: '2026-11-25', status: 'NEW' }, '2026-11-25')).toBe('today');
    expect(dueMark({ dueDate: '2026-11-26', status: 'PAID' }, '2026-11-25')).toBeNull();
    expect(dueMark({ dueDate: '2026-11-20', status: 'READY' }, '2026-11-25')).toBeNull();
    expect(dueMark({ dueDate: '2026-11-20', status: 'CANCELLED' }, '2026-11-25')).toBeNull();
    expect(dueMark({ dueDate: null, status: 'NEW' }, '2026-11-25')).toBeNull();
  });
});
