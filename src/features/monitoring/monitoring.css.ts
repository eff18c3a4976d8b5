/** The monitoring screens: tabs, stat cards, job and event rows, the hourly chart. Phone first. */
import { style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  padding: `0 ${vars.space.sm}`,
  color: vars.color.brand,
  textDecoration: 'none',
  borderBottom: '3px solid transparent',
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&[aria-current="page"]': { color: vars.color.text, borderBottomColor: vars.color.brand },
    '&:hover': { background: vars.color.brandSoft },
  },
});

/** Cards of figures: two a row on a phone, as many as fit on a desktop. */
export const statGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' } },
});

const statBase = style({
  display: 'grid',
  gap: vars.space.xxs,
  alignContent: 'start',
  minWidth: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  textAlign: 'left',
  font: 'inherit',
  color: vars.color.text,
});

export const stat = styleVariants({
  plain: [statBase],
  /** A card that opens its list. */
  button: [
    statBase,
    {
      width: '100%',
      height: '100%',
      cursor: 'pointer',
      selectors: {
        '&:hover': { borderColor: vars.color.brand, background: vars.color.brandSoft },
        '&[aria-pressed="true"]': {
          borderColor: vars.color.brand,
          boxShadow: `inset 0 0 0 2px ${vars.color.brand}`,
        },
      },
    },
  ],
});

export const statLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const statValue = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const tone = styleVariants({
  ok: { color: vars.color.success },
  bad: { color: vars.color.danger },
  muted: { color: vars.color.textMuted },
});

export const searchRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const searchField = style({ flex: '1 1 12rem', minWidth: 0 });

export const itemHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const itemTitle = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const code = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

/** An error text a job or event carries: long ones wrap and stay readable. */
export const errorText = style({
  margin: 0,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});

const badgeBase = style({
  display: 'inline-block',
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});

export const badge = styleVariants({
  error: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  done: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  running: [badgeBase, { background: vars.color.brandSoft, color: vars.color.brandActive }],
  planned: [badgeBase, { background: vars.color.warningSoft, color: vars.color.warning }],
  waiting: [
    badgeBase,
    { background: vars.color.background, color: vars.color.text, border: `1px solid ${vars.color.border}` },
  ],
});

export const notice = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  overflowWrap: 'anywhere',
});

/** Never wider than 28rem: the chart's labels scale with it and stay a readable size. */
export const chart = style({ display: 'block', width: '100%', maxWidth: '28rem', height: 'auto' });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
});

export const swatch = styleVariants({
  completed: {
    display: 'inline-block',
    width: '0.75rem',
    height: '0.75rem',
    marginRight: vars.space.xxs,
    background: vars.color.brand,
  },
  failed: {
    display: 'inline-block',
    width: '0.75rem',
    height: '0.75rem',
    marginRight: vars.space.xxs,
    background: vars.color.danger,
  },
});

export const twoColumns = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.control,
});

export const chartAxis = style({ stroke: vars.color.borderStrong });
export const chartGrid = style({ stroke: vars.color.border, strokeDasharray: '4 4' });
export const chartLabel = style({ fill: vars.color.textMuted, fontSize: '15px' });
export const chartDone = style({ fill: vars.color.brand });
export const chartFailed = style({ fill: vars.color.danger });

export const countValue = style({ margin: 0 });
