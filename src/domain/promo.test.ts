import { describe, expect, it } from 'vitest';
import { type PromoRule, promoVerdict } from './promo';

const base: PromoRule = {
  code: 'WELCOME10',
  discount: 10,
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
      discount: 10,
      message: 'Промокод применён — скидка 10%',
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
