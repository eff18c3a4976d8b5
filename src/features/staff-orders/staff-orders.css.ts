/** The orders list of /crm/home: filters, the table's cells, and the phone's cards. */
import { style } from '@vanilla-extract/css';
import { cardList, compactCard } from '../../ui/page.css';
import { media, vars } from '../../ui/theme.css';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'end',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))' } },
});

/** The search spans the whole row: it is the first thing a manager reaches for. */
export const searchField = style({ gridColumn: '1 / -1' });

export const panel = style({ display: 'contents' });

/** Two date fields side by side: on wider screens they take two columns of the filter grid. */
export const dates = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xs,
  minWidth: 0,
  '@media': { [media.sm]: { gridColumn: 'span 2' } },
});

export const filterActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  gridColumn: '1 / -1',
});

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  color: vars.color.textMuted,
});

export const numberCell = style({ whiteSpace: 'nowrap', fontWeight: vars.fontWeight.bold });
export const amountCell = style({ whiteSpace: 'nowrap', textAlign: 'right' });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const statusCell = style({ display: 'grid', gap: vars.space.xxs, justifyItems: 'start' });

export const lines = style({ display: 'grid', gap: '0.125rem', minWidth: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A phone card's assignee line: a long email breaks rather than widening the card. */
export const assignee = style([muted, { overflowWrap: 'anywhere' }]);

/**
 * The table's assignee under the promised date: one line, cut with «…» (the whole name in its
 * title), so an email in place of a name does not widen the «Срок» column.
 */
export const assigneeCell = style([
  muted,
  {
    display: 'block',
    maxWidth: '10rem',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
]);

export const cards = cardList;

export const card = compactCard;

export const cardTop = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const cardTitle = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg });

export const cardFoot = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const amount = style({ fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap' });

/** A loss-making order's margin. */
export const loss = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold });

/** A phone card's promised date: the label beside the date and its marks. */
export const dueLine = style({
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'baseline',
  flexWrap: 'wrap',
});

/** «Все заявки | Мои заказы»: two tabs, the current one underlined; big enough to tap on a phone. */
export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  padding: `0 ${vars.space.sm}`,
  color: vars.color.text,
  textDecoration: 'none',
  borderBottom: '3px solid transparent',
  marginBottom: '-1px',
  selectors: {
    '&[aria-current="page"]': { borderBottomColor: vars.color.brand, fontWeight: vars.fontWeight.bold },
    '&:hover': { color: vars.color.brandActive },
  },
});
