/** The statistics screen: the range form, the totals' cards, the charts and number columns. */
import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const rangeFields = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { [media.sm]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const presets = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const totals = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 13rem), 1fr))',
});

export const total = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.xxs,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});

export const totalValue = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const totalNote = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const charts = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

export const figure = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});

export const caption = style({ fontWeight: vars.fontWeight.bold });

/** uPlot draws at the box's width; the box must not hold the page wider than the screen. */
export const chart = style({ width: '100%', minWidth: 0, overflow: 'hidden' });

export const number = style({ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

export const tableTools = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

globalStyle(`${totals} dd`, { margin: 0 });
