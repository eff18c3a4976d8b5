import { describe, expect, it } from 'vitest';
import { scrubberOf, scrubJson } from './scrub';

describe('scrubbing a person out of free text', () => {
  const scrub = scrubberOf({
    texts: ['Анна Смирнова', 'Анна', 'Смирнова', 'anna.smirnova@example.ru', 'Ян', 'паспорт Смирновой.jpg'],
    phones: ['+7 916 123-45-67'],
  });

  it('replaces names, emails and phones in any spelling, whole words only', () => {
    expect(scrub('Клиентка Анна Смирнова просила перезвонить на 8 (916) 123-45-67 или 89161234567')).toBe(
      'Клиентка удалено просила перезвонить на удалено или удалено',
    );
    expect(scrub('Письмо на ANNA.SMIRNOVA@example.ru не дошло')).toBe('Письмо на удалено не дошло');
    expect(scrub('Ян придёт в январе, Января не трогаем')).toBe('удалено придёт в январе, Января не трогаем');
    expect(scrub('Файлы: паспорт Смирновой.jpg, диплом.pdf')).toBe('Файлы: удалено, диплом.pdf');
    expect(scrub('Анне Смирновой')).toBe('Анне Смирновой');
  });

  it('goes through every string of a JSON value and leaves numbers alone', () => {
    expect(scrubJson({ to: 'anna.smirnova@example.ru', attempts: [1, 'Анна'], amount: 2140 }, scrub)).toEqual(
      {
        to: 'удалено',
        attempts: [1, 'удалено'],
        amount: 2140,
      },
    );
  });

  it('erases a text that is one of her own messages whole, and only whole', () => {
    const quoting = scrubberOf({
      texts: ['Анна'],
      phones: [],
      quotes: ['Можно забрать в субботу?', null],
    });
    expect(quoting(' Можно забрать в субботу? ')).toBe('удалено');
    expect(quoting('Анна спросила: Можно забрать в субботу?')).toBe(
      'удалено спросила: Можно забрать в субботу?',
    );
    expect(scrubberOf({ texts: [], phones: [], quotes: ['Да, спасибо'] })('Да, спасибо')).toBe('удалено');
  });

  it('changes nothing when the person left no values', () => {
    expect(scrubberOf({ texts: [null, ''], phones: [null] })('Анна')).toBe('Анна');
  });
});
