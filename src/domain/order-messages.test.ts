import { describe, expect, it } from 'vitest';
import { MESSAGE_EMPTY, messageProblem, NOTE_EMPTY, noteProblem } from './order-messages';
import { mayAttachResults, mayRemoveResults, ORDER_STATUSES } from './order-status';

describe('a message of an order’s conversation', () => {
  it.each([
    ['', 0, MESSAGE_EMPTY],
    ['   \n ', 0, MESSAGE_EMPTY],
    ['', 1, null],
    ['Когда будет готово?', 0, null],
    ['я'.repeat(4000), 5, null],
    [`  ${'я'.repeat(4000)}  `, 0, null],
    [
      'я'.repeat(4001),
      0,
      'Сообщение длиннее 4000 символов (сейчас 4001): сократите его или разделите на два',
    ],
    ['Файлы', 6, 'К одному сообщению можно приложить не больше 5 файлов (выбрано 6)'],
  ])('«%s» with %i files: %s', (text, files, problem) => {
    expect(messageProblem(text, files)).toBe(problem);
  });

  it('and a staff note need a text of at most 4,000 characters', () => {
    expect(noteProblem(' ')).toBe(NOTE_EMPTY);
    expect(noteProblem('я'.repeat(4000))).toBeNull();
    expect(noteProblem('я'.repeat(4001))).toBe('Заметка длиннее 4000 символов (сейчас 4001): сократите её');
  });
});

describe('the finished translation', () => {
  it('is attached in any status but cancelled, and removed until the hand-over', () => {
    expect(ORDER_STATUSES.filter((status) => !mayAttachResults(status))).toEqual(['CANCELLED']);
    expect(ORDER_STATUSES.filter((status) => !mayRemoveResults(status))).toEqual(['COMPLETED']);
  });
});
