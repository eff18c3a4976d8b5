import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid' });

export const entry = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space.xxs,
  paddingLeft: vars.space.xl,
  paddingBottom: vars.space.md,
  overflowWrap: 'anywhere',
  selectors: {
    // The line joining one status to the next.
    '&:not(:last-child)::before': {
      content: '""',
      position: 'absolute',
      left: '0.55rem',
      top: '1.1rem',
      bottom: 0,
      width: '2px',
      background: vars.color.border,
    },
  },
});

const dotBase = style({
  position: 'absolute',
  left: 0,
  top: '0.2rem',
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: '50%',
  border: `3px solid ${vars.color.brand}`,
});

export const dot = styleVariants({
  past: [dotBase, { background: vars.color.surface }],
  current: [dotBase, { background: vars.color.brand }],
});
