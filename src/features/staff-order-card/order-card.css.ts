import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

/** Facts | actions side by side on a desktop; one column, facts first, on a phone. */
export const columns = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': {
    [media.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  },
});

export const column = style({ display: 'grid', gap: vars.space.md, minWidth: 0, alignContent: 'start' });

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

export const danger = style({ display: 'grid', gap: vars.space.sm });

export const dangerButton = style({
  color: vars.color.danger,
  borderColor: vars.color.danger,
  selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerSoft, color: vars.color.danger } },
});

export const dangerSolid = style({
  background: vars.color.danger,
  borderColor: vars.color.danger,
  selectors: { '&:hover:not(:disabled)': { background: '#991b1b', borderColor: '#991b1b' } },
});
