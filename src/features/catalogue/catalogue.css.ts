import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const row = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const rowHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'baseline',
});

export const name = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const hidden = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.warning,
  background: vars.color.warningSoft,
  borderRadius: vars.radius.md,
  padding: `0 ${vars.space.xxs}`,
});

export const prices = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
});

/**
 * A money column of the price list: its header («Себестоимость в воскресенье, ₽») wraps over two
 * lines rather than pushing the last columns out of a desktop's view.
 */
export const moneyColumn = style({ selectors: { 'th&': { whiteSpace: 'normal', minWidth: '7rem' } } });

/** The calendar's day lists: a fieldset without the browser's frame. */
export const calendarList = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

/** One day: its date, a note and «Убрать» in a row when there is room, stacked on a phone. */
export const calendarRow = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { [media.md]: { gridTemplateColumns: '12rem minmax(0, 1fr) auto' } },
});
