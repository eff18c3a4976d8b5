import { describe, expect, it } from 'vitest';
import { taskDisplayStatus } from './queue-task-status';

const NOW = 1_800_000_000_000;
const task = (changes: Partial<Parameters<typeof taskDisplayStatus>[0]> = {}) => ({
  failedReason: null,
  finishedOn: null,
  processedOn: null,
  timestamp: NOW - 60_000,
  delay: 0,
  ...changes,
});

describe("a queue task's display status, in its order of precedence", () => {
  it('an error wins over everything, even a finish time', () => {
    expect(
      taskDisplayStatus(task({ failedReason: 'SMTP: отказ', finishedOn: NOW, processedOn: NOW }), NOW),
    ).toBe('ОШИБКА');
  });

  it('finished, then started, then planned, then waiting', () => {
    expect(taskDisplayStatus(task({ finishedOn: NOW, processedOn: NOW - 1000 }), NOW)).toBe('ЗАВЕРШЕНО');
    expect(taskDisplayStatus(task({ processedOn: NOW - 1000, state: 'active' }), NOW)).toBe('ВЫПОЛНЯЕТСЯ');
    expect(taskDisplayStatus(task({ delay: 120_000 }), NOW)).toBe('ЗАПЛАНИРОВАНО');
    expect(taskDisplayStatus(task(), NOW)).toBe('ОЖИДАЕТ');
  });

  it('a cancelled task reads cancelled, a task waiting for its retry reads planned', () => {
    expect(taskDisplayStatus(task({ finishedOn: NOW, state: 'cancelled' }), NOW)).toBe('ОТМЕНЕНО');
    expect(taskDisplayStatus(task({ processedOn: NOW - 5000, state: 'retry', delay: 120_000 }), NOW)).toBe(
      'ЗАПЛАНИРОВАНО',
    );
  });
});
