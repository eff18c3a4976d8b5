import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const uploader = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });

export const dropZone = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  minWidth: 0,
});

export const input = style({});

export const choose = style({ justifySelf: 'start', cursor: 'pointer' });

// Focus is on the hidden input; show it on the button-like label that follows it.
globalStyle(`${input}:focus-visible + ${choose}`, {
  outline: `3px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

export const messages = style({
  margin: 0,
  paddingLeft: vars.space.md,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const list = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });

// A row that wraps: the name beside its buttons where there is room, the buttons under it on a phone.
export const file = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'center',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const fileName = style({
  overflowWrap: 'anywhere',
  minWidth: 0,
  flex: '1 1 14rem',
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'center',
  flexWrap: 'wrap',
});

export const thumbnail = style({
  width: '3.5rem',
  height: '3.5rem',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  flex: 'none',
});

export const fileActions = style({
  display: 'flex',
  gap: vars.space.xs,
  flexWrap: 'wrap',
  justifyContent: 'end',
  marginLeft: 'auto',
});

export const fileText = style({ flex: '1 1 0', minWidth: 0 });

export const progress = style({
  flexBasis: '100%',
  width: '100%',
  height: '0.5rem',
  accentColor: vars.color.brand,
});

export const fileError = style({ flexBasis: '100%', color: vars.color.danger, margin: 0 });
