import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'start',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.sm,
  minWidth: 0,
  overflowWrap: 'anywhere',
  selectors: {
    '&[data-dragging="true"]': { opacity: 0.5 },
    '&[data-drop="true"]': { borderColor: vars.color.brand, borderWidth: '2px' },
  },
});

export const handle = style({ display: 'grid', gap: vars.space.xxs, justifyItems: 'center' });

export const grip = style({
  cursor: 'grab',
  color: vars.color.textMuted,
  userSelect: 'none',
  fontSize: vars.fontSize.lg,
});

export const moveButton = style({
  minWidth: vars.size.control,
  minHeight: vars.size.control,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { color: vars.color.border, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
