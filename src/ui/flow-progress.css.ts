import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const wrapper = style({ display: 'grid', gap: vars.space.xxs });

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** One segment per step, the steps reached filled: no inline width, which the CSP would block in prerendered HTML. */
export const track = style({
  display: 'flex',
  gap: '2px',
  height: '0.5rem',
  borderRadius: vars.radius.pill,
  overflow: 'hidden',
});

export const segment = style({
  flex: 1,
  background: vars.color.border,
  transition: 'background-color 300ms ease',
});

export const reached = style({ background: vars.color.brand });
