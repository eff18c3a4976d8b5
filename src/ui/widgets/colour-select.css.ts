import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const colour = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 });

// A border keeps white and pale colours visible on the white list.
export const swatch = style({
  flexShrink: 0,
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.borderStrong}`,
});

export const label = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' });
