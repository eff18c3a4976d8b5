import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const body = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0, overflowWrap: 'anywhere' });

export const list = style({ margin: 0, paddingLeft: vars.space.md, fontSize: vars.fontSize.sm });

export const fix = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: 'inherit',
  textDecoration: 'underline',
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
});
