/** The danger zone of a card: a red outlined button and the solid red confirmation. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const zone = style({ display: 'grid', gap: vars.space.sm });

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
