/** The cabinet screens' shared pieces: lists of cards, status badges, key–value rows, actions. */
import { style, styleVariants } from '@vanilla-extract/css';
import { cardList, compactCard } from '../../ui/page.css';
import { media, vars } from '../../ui/theme.css';

export const list = cardList;

export const row = style([
  compactCard,
  {
    '@media': {
      [media.md]: {
        gridTemplateColumns: 'minmax(8rem, 1fr) minmax(10rem, 1.2fr) auto',
        alignItems: 'center',
        columnGap: vars.space.md,
      },
    },
  },
]);

export const rowMain = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const rowTitle = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg });

export const rowAside = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  '@media': { [media.md]: { justifyContent: 'flex-end' } },
});

export const amount = style({ fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap' });

export const nextStep = styleVariants({
  yours: {
    margin: 0,
    fontWeight: vars.fontWeight.medium,
    color: vars.color.warning,
    background: vars.color.warningSoft,
    borderRadius: vars.radius.sm,
    padding: `${vars.space.xxs} ${vars.space.xs}`,
    justifySelf: 'start',
    '@media': { [media.md]: { gridColumn: '1 / -1' } },
  },
  wait: {
    margin: 0,
    color: vars.color.textMuted,
    '@media': { [media.md]: { gridColumn: '1 / -1' } },
  },
});

const badgeBase = style({
  display: 'inline-block',
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
});

/** Status colours by what they mean for the customer: act, wait, done, stopped. */
export const badge = styleVariants({
  action: [badgeBase, { background: vars.color.warningSoft, color: vars.color.warning }],
  progress: [badgeBase, { background: vars.color.brandSoft, color: vars.color.brandActive }],
  done: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  stopped: [badgeBase, { background: vars.color.background, color: vars.color.textMuted }],
});

export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 16rem))' } },
});

export const facts = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  '@media': {
    [media.sm]: { gridTemplateColumns: 'minmax(8rem, max-content) 1fr', columnGap: vars.space.md },
  },
});

export const factTerm = style({ color: vars.color.textMuted });

export const factValue = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const table = style({ width: '100%', borderCollapse: 'collapse' });

export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.xs} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
});

export const numberCell = style([cell, { textAlign: 'right', whiteSpace: 'nowrap' }]);

export const metroDot = style({
  display: 'inline-block',
  width: '0.75rem',
  height: '0.75rem',
  borderRadius: '50%',
  marginRight: vars.space.xxs,
  verticalAlign: 'middle',
  border: `1px solid ${vars.color.surface}`,
});

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.brand,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
  textAlign: 'left',
  overflowWrap: 'anywhere',
  selectors: { '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' } },
});

/** A notification: unread ones carry a brand bar on the left. */
export const notification = styleVariants({
  unread: [row, { borderLeft: `4px solid ${vars.color.brand}` }],
  read: [row],
});
