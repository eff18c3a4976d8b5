import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const input = style({});

export const choose = style({ cursor: 'pointer' });

// Focus is on the hidden input; show it on the button-like label that follows it.
globalStyle(`${input}:focus-visible + ${choose}`, {
  outline: `${vars.focus.width} solid ${vars.color.focusRing}`,
  outlineOffset: vars.focus.offset,
});

export const preview = style({ margin: 0, display: 'grid', gap: vars.space.xxs, justifyItems: 'start' });

export const image = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '12rem',
  objectFit: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
});

export const caption = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
