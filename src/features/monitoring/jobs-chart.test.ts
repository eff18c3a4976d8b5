import { describe, expect, it } from 'vitest';
import { axisTop, chartSummary } from './jobs-chart';

describe('the 24-hour chart', () => {
  it('rounds its axis up to 1, 2 or 5 of a power of ten', () => {
    expect([0, 1, 3, 7, 12, 45, 180, 999].map(axisTop)).toEqual([1, 1, 5, 10, 20, 50, 200, 1000]);
  });

  it('says in words what it draws', () => {
    const hour = (h: number, completed: number, failed: number) => ({
      hour: `2026-11-24T${String(h).padStart(2, '0')}:00:00.000Z`,
      completed,
      failed,
    });
    expect(chartSummary([hour(9, 0, 0)])).toBe('За 24 часа задач не было');
    expect(chartSummary([hour(9, 3, 1), hour(10, 10, 2)])).toMatch(
      /^За 24 часа выполнено задач: 13, с ошибкой: 3; больше всего — в \d\d:00$/,
    );
  });
});
