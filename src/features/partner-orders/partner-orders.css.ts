/** The partner's orders on a phone first: one card per order, big buttons for the point's moves. */
import { style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(auto-fill, minmax(22rem, 1fr))', gap: vars.space.md },
  },
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const cardHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const number = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, margin: 0 });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(5.5rem, auto) 1fr',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  margin: 0,
});

export const factName = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  paddingTop: '0.1rem',
});

export const factValue = style({ margin: 0, minWidth: 0 });

export const phone = style({
  fontWeight: vars.fontWeight.medium,
  color: vars.color.brand,
  whiteSpace: 'nowrap',
  display: 'inline-block',
  paddingBlock: vars.space.xxs,
});

export const documents = style({ margin: 0, paddingLeft: vars.space.md });

export const moves = style({ display: 'grid', gap: vars.space.xs });

export const whatNext = style({ margin: 0, color: vars.color.textMuted });

/** A thumb-sized button: the whole width of the card, at least 3 rem high. */
export const bigButton = style({ width: '100%', minHeight: '3rem', fontSize: vars.fontSize.md });

const noteBase = style({
  margin: 0,
  borderRadius: vars.radius.md,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  display: 'grid',
  gap: vars.space.xs,
});

export const note = styleVariants({
  pending: [noteBase, { background: vars.color.warningSoft, color: vars.color.warning }],
  problem: [noteBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
});

export const noteActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const toolbar = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { [media.sm]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});

export const searchRow = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-end', minWidth: 0 });

export const grow = style({ flex: '1 1 auto', minWidth: 0 });

export const queued = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  borderRadius: vars.radius.md,
  padding: `${vars.space.xs} ${vars.space.sm}`,
});

/** The card page's status moves, newest first. */
export const history = style({
  margin: 0,
  paddingInlineStart: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
});

export const historyComment = style({ display: 'block', color: vars.color.textMuted });
