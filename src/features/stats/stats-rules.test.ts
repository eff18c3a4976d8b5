import { describe, expect, it } from 'vitest';
import {
  currentMonth,
  RANGE_END_ID,
  RANGE_START_ID,
  rangeProblems,
  timeSeries,
  type UnitEconomics,
} from './stats-rules';

const zero = {
  orders: 0,
  revenue: 0,
  promoDiscount: 0,
  documentsCost: 0,
  assurancesCost: 0,
  deliveryCost: 0,
  otherCost: 0,
  partnerCommission: 0,
  cost: 0,
  margin: 0,
  marginPercent: null,
  averageOrder: null,
};

const base: UnitEconomics = {
  startDate: '2026-11-01',
  endDate: '2026-11-05',
  totals: zero,
  assurancesByDay: { weekday: 0, saturday: 0, sunday: 0 },
  cancelled: { orders: 0, revenue: 0 },
  refunds: { orders: 0, amount: 0, pending: 0, failed: 0, kept: 0 },
  byDocument: [],
  byPartner: [],
  byPickupPoint: [],
  byDelivery: [],
  byPayer: [],
  byAssignee: [],
  byDay: [{ ...zero, date: '2026-11-03', orders: 1, revenue: 1000, cost: 600, margin: 400 }],
  byWeek: [{ ...zero, weekStart: '2026-11-02', orders: 1, revenue: 1000, cost: 600, margin: 400 }],
};

describe('the range', () => {
  it('starts on the first of the Moscow month, even when it is still the day before in UTC', () => {
    // 23:30 UTC on 31 October is 02:30 on 1 November in Moscow.
    expect(currentMonth(new Date('2026-10-31T23:30:00Z'))).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-01',
    });
  });

  it('refuses a missing date, an end before the start and more than three years, in Russian', () => {
    expect(rangeProblems({ startDate: '', endDate: '2026-02-30' })).toEqual({
      [RANGE_START_ID]: 'Укажите дату начала периода',
      [RANGE_END_ID]: 'Укажите дату конца периода',
    });
    expect(rangeProblems({ startDate: '2026-11-05', endDate: '2026-11-04' })[RANGE_END_ID]).toMatch(
      /не раньше/,
    );
    expect(rangeProblems({ startDate: '2023-01-01', endDate: '2025-12-31' })).toEqual({});
    expect(rangeProblems({ startDate: '2023-01-01', endDate: '2026-01-01' })[RANGE_END_ID]).toMatch(
      /трёх лет/,
    );
  });
});

describe('the time series', () => {
  it('has every day of the range, zero where nothing was ordered', () => {
    const series = timeSeries(base, 'day');
    expect(series.x.map((x) => new Date(x * 1000).toISOString().slice(0, 10))).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
    ]);
    expect(series.revenue).toEqual([0, 0, 1000, 0, 0]);
    expect(series.margin).toEqual([0, 0, 400, 0, 0]);
  });

  it('names weeks by their Monday, starting with the week the range begins in', () => {
    const series = timeSeries(base, 'week');
    expect(series.x.map((x) => new Date(x * 1000).toISOString().slice(0, 10))).toEqual([
      '2026-10-26',
      '2026-11-02',
    ]);
    expect(series.cost).toEqual([0, 600]);
  });
});
