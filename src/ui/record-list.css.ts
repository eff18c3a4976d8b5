/** A back-office list of records as cards: its heading row, a record's name and its actions. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const name = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const off = style({ color: vars.color.warning, fontWeight: vars.fontWeight.regular });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
