import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

/**
 * Facts | status and actions side by side on a desktop. On a phone one column: the status
 * first (what staff change most), then the facts, then the other actions.
 */
export const columns = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  gridTemplateAreas: '"status" "facts" "actions"',
  '@media': {
    [media.lg]: {
      gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
      gridTemplateRows: 'auto 1fr',
      gridTemplateAreas: '"facts status" "facts actions"',
    },
  },
});

const column = style({ display: 'grid', gap: vars.space.md, minWidth: 0, alignContent: 'start' });

export const status = style([column, { gridArea: 'status' }]);

export const facts = style([column, { gridArea: 'facts' }]);

export const actions = style([column, { gridArea: 'actions' }]);

export const statusLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});

/** Two money fields side by side when there is room for both labels. */
export const pair = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [media.sm]: { gridTemplateColumns: '1fr 1fr' } },
});

export const caption = style({
  textAlign: 'left',
  fontWeight: vars.fontWeight.bold,
  paddingBottom: vars.space.xs,
});

export const notes = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

/** A note: yellow like a sticky note, so nobody takes it for something the customer sees. */
export const note = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  border: `1px solid #fde68a`,
  overflowWrap: 'anywhere',
});

export const noteMeta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const noteText = style({ margin: 0, whiteSpace: 'pre-wrap' });

/** «Клиент ждёт ответа»: the customer's unread messages, a link down to the conversation. */
export const unreadLink = style({ fontWeight: vars.fontWeight.bold, color: vars.color.danger });

/** One document priced by estimate: its price and cost, set off from the next. */
export const quoteLine = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: `${vars.space.sm} 0 0`,
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
  // The first needs no rule: under the heading it read as a line struck through its name.
  selectors: { '&:first-of-type': { borderTop: 0, paddingTop: 0 } },
});
