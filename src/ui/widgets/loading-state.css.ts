import { keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../theme.css';

/** Holds the place for the first 300 ms, so the page does not jump when the answer is quick. */
export const waiting = style({ minHeight: vars.size.control });

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.control,
});

const turn = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  flexShrink: 0,
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.pill,
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.brand,
  animation: `${turn} 0.8s linear infinite`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});
