import { describe, expect, it } from 'vitest';
import { type PromoRule, promoVerdict } from './promo';

const base: PromoRule = {
  code: 'WELCOME10',
  kind: 'PERCENT',
  discount: 10,
  amount: null,
  minOrderSum: null,
  isActive: true,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  maxUses: 100,
  usesCount: 3,
};
const at = new Date('2026-11-23T12:00:00+03:00');

describe('promoVerdict', () => {
  it('applies a live code with its discount', () => {
    expect(promoVerdict(base, at)).toEqual({
      ok: true,
      code: 'WELCOME10',
      kind: 'PERCENT',
      discount: 10,
      amount: null,
      minOrderSum: null,
      message: 'Промокод применён — скидка 10%',
    });
  });

  it('applies a fixed sum in rubles, and refuses it below its minimum in Russian', () => {
    const first500: PromoRule = {
      ...base,
      code: 'FIRST500',
      kind: 'AMOUNT',
      discount: 0,
      amount: 500,
      minOrderSum: 3000,
    };
    expect(promoVerdict(first500, at, 3000)).toEqual({
      ok: true,
      code: 'FIRST500',
      kind: 'AMOUNT',
      discount: 0,
      amount: 500,
      minOrderSum: 3000,
      message: 'Промокод применён — скидка 500\u00a0₽',
    });
    expect(promoVerdict(first500, at, 2999.99)).toEqual({
      ok: false,
      reason: 'Промокод действует для заказов от 3\u00a0000\u00a0₽',
    });
    // Without the order's sum (the code alone), only the code's own terms are judged.
    expect(promoVerdict(first500, at)).toMatchObject({ ok: true });
    // Its other reasons come first: a switched-off code is off whatever the sum.
    expect(promoVerdict({ ...first500, isActive: false }, at, 100)).toEqual({
      ok: false,
      reason: 'Промокод отключён',
    });
  });

  it('keeps an old percentage code as it was, a minimum on a percentage too', () => {
    expect(promoVerdict(base, at, 1)).toMatchObject({ ok: true, discount: 10, amount: null });
    expect(promoVerdict({ ...base, minOrderSum: 1500.5 }, at, 1500)).toEqual({
      ok: false,
      reason: 'Промокод действует для заказов от 1\u00a0500,50\u00a0₽',
    });
  });

  it('says why a code does not apply', () => {
    expect(promoVerdict(undefined, at)).toEqual({ ok: false, reason: 'Такого промокода нет' });
    expect(promoVerdict({ ...base, isActive: false }, at)).toEqual({
      ok: false,
      reason: 'Промокод отключён',
    });
    expect(promoVerdict({ ...base, startDate: '2026-12-01' }, at)).toEqual({
      ok: false,
      reason: 'Промокод начнёт действовать 01.12.2026',
    });
    expect(promoVerdict({ ...base, endDate: '2026-11-22' }, at)).toMatchObject({ ok: false });
    expect(promoVerdict({ ...base, usesCount: 100 }, at)).toMatchObject({ ok: false });
  });

  it('counts the last day by the Moscow calendar, inclusive', () => {
    const lastDay = { ...base, endDate: '2026-11-30' };
    expect(promoVerdict(lastDay, new Date('2026-11-30T20:59:00Z')).ok).toBe(true);
    expect(promoVerdict(lastDay, new Date('2026-11-30T21:00:00Z')).ok).toBe(false);
  });
});
