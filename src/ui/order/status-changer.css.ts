import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** The changer's button in a table row: a row stays two lines high, not a button's full height. */
export const compactTrigger = style({
  minHeight: '2rem',
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
});
