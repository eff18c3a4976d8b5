import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from './theme.css';

export const region = style({
  position: 'fixed',
  insetInline: vars.space.md,
  bottom: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'center',
  zIndex: 20,
  pointerEvents: 'none',
  '@media': { [media.md]: { insetInline: 'auto', right: vars.space.lg } },
});

export const toast = style({
  pointerEvents: 'auto',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: '28rem',
  padding: vars.space.md,
  background: vars.color.text,
  color: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.overlay,
});

globalStyle(`${toast} :focus-visible`, { outlineColor: vars.color.focusRingOnDark });
