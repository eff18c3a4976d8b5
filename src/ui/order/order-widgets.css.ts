/** Styles of the order widgets the cabinet and the back office share: lists, badges, facts, money tables. */
import { style, styleVariants } from '@vanilla-extract/css';
import { cardList } from '../page.css';
import { media, vars } from '../theme.css';

export const list = cardList;

export const amount = style({ fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap' });

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

/** The mark of an order placed without signing in: a stranger may have typed the customer's email. */
export const unverified = style({
  borderInlineStart: `4px solid ${vars.color.warning}`,
  background: vars.color.warningSoft,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  margin: 0,
});

/** One line with «Почему?» at its end: the warning does not push the order down the phone. */
export const unverifiedSummary = style({
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const unverifiedWhy = style({ color: vars.color.brand, textDecoration: 'underline' });

export const unverifiedMore = style({ margin: `${vars.space.xs} 0 0` });

/** «№ 2611-00001»: never broken at its hyphen. */
export const orderNumber = style({ whiteSpace: 'nowrap' });

/** A promised date's mark: late in the danger colour, due today as a warning. */
export const dueMark = styleVariants({
  overdue: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  today: [badgeBase, { background: vars.color.warningSoft, color: vars.color.warning }],
});

export const dueDate = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  alignItems: 'center',
});
