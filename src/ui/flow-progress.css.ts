import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const wrapper = style({ display: 'grid', gap: vars.space.xxs });

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const track = style({
  height: '0.5rem',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  overflow: 'hidden',
});

export const bar = style({
  height: '100%',
  background: vars.color.brand,
  borderRadius: vars.radius.pill,
  transition: 'width 300ms ease',
});
