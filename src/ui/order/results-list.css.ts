import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const uploads = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
});

export const upload = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

/** The bureau's note, set off like a quotation. */
export const note = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.brandSoft,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const files = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });

export const file = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  minWidth: 0,
});

export const fileName = style({ minWidth: 0, overflowWrap: 'anywhere' });
