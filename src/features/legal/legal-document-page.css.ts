import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** A readable measure for long legal text, on a phone and on a wide screen. */
export const document = style({ maxWidth: '46rem', overflowWrap: 'anywhere' });
export const paragraph = style({ lineHeight: 1.55 });
export const list = style({
  paddingLeft: vars.space.lg,
  lineHeight: 1.55,
  display: 'grid',
  gap: vars.space.xs,
});
