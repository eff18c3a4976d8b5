/** Shared page building blocks: title, a vertical stack, a card, muted text. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * One column as wide as the screen, never wider: a long email or link inside wraps rather than
 * widening the page (a 360 px phone got a 429 px profile before).
 */
export const stack = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  alignContent: 'start',
});

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold });

/** A screen's heading with something beside it (the data's age, an action), wrapping on a phone. */
export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const subtitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const muted = style({ color: vars.color.textMuted });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  display: 'grid',
  gap: vars.space.md,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

/** A list of compact cards (orders, notifications), one under another. */
export const cardList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

/** One card of such a list: tighter than `card`, and long words (emails) wrap inside it. */
export const compactCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const errorText = style({
  color: vars.color.danger,
  background: vars.color.dangerSoft,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
});
