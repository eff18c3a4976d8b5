import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const photos = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const photo = style({ display: 'grid', gap: vars.space.xxs, justifyItems: 'start' });

export const image = style({
  width: '120px',
  height: '88px',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const swatch = style({
  display: 'inline-block',
  width: '0.75rem',
  height: '0.75rem',
  borderRadius: '50%',
  marginRight: vars.space.xxs,
});
