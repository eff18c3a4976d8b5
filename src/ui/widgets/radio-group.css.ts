import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

const row = style({});

export const layout = styleVariants({ column: {}, row: [row] });

// The fieldset's options side by side; its legend, hint and message keep a line of their own.
globalStyle(`${row} > fieldset`, {
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.lg,
  rowGap: 0,
});
globalStyle(`${row} > fieldset > :not(label)`, { flexBasis: '100%' });
