import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const holder = style({ display: 'contents' });

const markBase = style({
  flexShrink: 0,
  width: '0.75rem',
  height: '0.75rem',
  borderRadius: vars.radius.pill,
});

// Colours readable on the toast's dark background; the text itself says what happened.
export const mark = styleVariants({
  info: [markBase, { background: '#93c5fd' }],
  success: [markBase, { background: '#86efac' }],
  error: [markBase, { background: '#fca5a5' }],
});

export const text = style({ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' });

export const close = style({
  minHeight: vars.size.control,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.surface}`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.surface,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focus.width} solid ${vars.color.focusRingOnDark}`,
      outlineOffset: '2px',
    },
  },
});
