import { style } from '@vanilla-extract/css';
import { media, vars } from '../theme.css';
import { focusRing } from './shared.css';

export const corner = style({
  position: 'fixed',
  right: vars.space.md,
  bottom: `calc(${vars.space.md} + env(safe-area-inset-bottom))`,
  // Under the notices (z-index 20 in toast.css.ts), which share the bottom of the screen.
  zIndex: 19,
  display: 'grid',
  justifyItems: 'end',
  gap: vars.space.xs,
  // Never wider than a 360 px screen less its margins.
  maxWidth: `calc(100vw - 2 * ${vars.space.md})`,
});

/** The phone's bottom bar is 3.5rem high and shows below the md breakpoint. */
export const aboveBottomBar = style({
  bottom: `calc(3.5rem + ${vars.space.md} + env(safe-area-inset-bottom))`,
  '@media': { [media.md]: { bottom: vars.space.md } },
});

export const toggle = style([
  focusRing,
  {
    width: '3.5rem',
    height: '3.5rem',
    borderRadius: vars.radius.pill,
    border: 'none',
    background: vars.color.brand,
    color: vars.color.brandText,
    boxShadow: vars.shadow.overlay,
    cursor: 'pointer',
    selectors: { '&:hover': { background: vars.color.brandHover } },
  },
]);

export const icon = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const panel = style({
  width: '16rem',
  maxWidth: '100%',
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.overlay,
  display: 'grid',
  gap: vars.space.xs,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const links = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space.xs });

export const link = style([
  focusRing,
  {
    display: 'flex',
    alignItems: 'center',
    minHeight: vars.size.control,
    padding: `0 ${vars.space.sm}`,
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.color.brand}`,
    color: vars.color.brand,
    fontWeight: vars.fontWeight.medium,
    textDecoration: 'none',
    selectors: { '&:hover': { background: vars.color.brandSoft } },
  },
]);
