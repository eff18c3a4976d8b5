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

export const linkRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const link = style({ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' });

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
