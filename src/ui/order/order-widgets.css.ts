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

/** A refund: its line and details, marked by where it stands. */
const refundBase = style({
  borderInlineStart: '4px solid',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  margin: 0,
  overflowWrap: 'anywhere',
});

export const refund = styleVariants({
  PENDING: [refundBase, { borderColor: vars.color.warning, background: vars.color.warningSoft }],
  SUCCEEDED: [refundBase, { borderColor: vars.color.success, background: vars.color.successSoft }],
  FAILED: [refundBase, { borderColor: vars.color.danger, background: vars.color.dangerSoft }],
});

export const refundDetail = style({ display: 'block', marginTop: vars.space.xs });

/*
 * The conversation's and the finished translation's styles live here, with the other widgets the
 * cabinet and the back office share, rather than beside their components: a stylesheet of their
 * own became a CSS chunk of its own, whose name every route's preload list in the first bundle
 * carries — 50 bytes gzip more on the order form's first visit, whose budget has none to spare.
 */

const bubble = style({
  display: 'grid',
  gap: vars.space.xxs,
  maxWidth: 'min(36rem, 92%)',
  minWidth: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

/** An order's conversation (src/ui/conversation): messages by side, the unread line, the composer, the lists' badge. */
export const conversation = {
  thread: style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm }),
  /** The reader's own messages on the right, the other side's on the left, as in any messenger. */
  message: styleVariants({
    own: [bubble, { justifySelf: 'end', background: vars.color.brandSoft, borderColor: '#bfdbfe' }],
    theirs: [bubble, { justifySelf: 'start', background: vars.color.surface }],
    waiting: [bubble, { justifySelf: 'end', background: vars.color.surface, borderStyle: 'dashed' }],
    refused: [
      bubble,
      { justifySelf: 'end', background: vars.color.dangerSoft, borderColor: vars.color.danger },
    ],
  }),
  meta: style({
    display: 'flex',
    flexWrap: 'wrap',
    gap: `0 ${vars.space.xs}`,
    margin: 0,
    fontSize: vars.fontSize.sm,
    color: vars.color.textMuted,
  }),
  author: style({ fontWeight: vars.fontWeight.bold, color: vars.color.text }),
  text: style({ margin: 0, whiteSpace: 'pre-wrap' }),
  files: style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xxs }),
  /** «Новые сообщения»: where the reader's unread part of the thread begins. */
  unreadLine: style({
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xs,
    color: vars.color.danger,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.bold,
    selectors: {
      '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.danger}` },
    },
  }),
  state: style({ fontWeight: vars.fontWeight.medium, color: vars.color.warning }),
  stateActions: style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs }),
  composer: style({
    display: 'grid',
    gap: vars.space.sm,
    paddingTop: vars.space.sm,
    borderTop: `1px solid ${vars.color.border}`,
  }),
  count: style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 }),
  /** The unread messages of an order in a list: a red pill, as the menu's unread count. */
  badge: style({
    display: 'inline-block',
    borderRadius: vars.radius.pill,
    padding: `0 ${vars.space.xs}`,
    background: vars.color.danger,
    color: vars.color.brandText,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.bold,
    lineHeight: '1.5rem',
    whiteSpace: 'nowrap',
  }),
};

/** The finished translation (results-list.tsx): uploads with their note and files. */
export const results = {
  uploads: style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md }),
  upload: style({ display: 'grid', gap: vars.space.xs, minWidth: 0 }),
  /** The bureau's note, set off like a quotation. */
  note: style({
    margin: 0,
    padding: `${vars.space.xs} ${vars.space.sm}`,
    borderLeft: `4px solid ${vars.color.brand}`,
    background: vars.color.brandSoft,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  }),
  files: style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs }),
  file: style({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.xs,
    minWidth: 0,
  }),
  fileName: style({ minWidth: 0, overflowWrap: 'anywhere' }),
};

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
