import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

/** The bar's height; the page leaves this much room under its content on small screens. */
export const BAR_HEIGHT = '3.5rem';

export const bar = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: 15,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  paddingBottom: 'env(safe-area-inset-bottom)',
  '@media': { [media.md]: { display: 'none' } },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  justifyContent: 'space-around',
});

export const item = style({ flex: 1, minWidth: 0 });

/**
 * A tab: whole words at 12 px, as phone tab bars label their tabs; two words («Новый заказ») may
 * take two lines. The current tab is marked by colour and the bar above it, not by bold, which
 * would widen «Партнёры» past a fifth of a 360 px phone. A clipped label would show as such in
 * the browser suite (backoffice-layout, screens-at-360).
 */
export const link = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: BAR_HEIGHT,
  padding: '0 2px',
  fontSize: '0.75rem',
  lineHeight: 1.15,
  color: vars.color.textMuted,
  textDecoration: 'none',
  textAlign: 'center',
  overflow: 'hidden',
  hyphens: 'manual',
  selectors: {
    '&:hover': { color: vars.color.brandHover, background: vars.color.brandSoft },
    '&[aria-current="page"]': {
      color: vars.color.brand,
      boxShadow: `inset 0 3px 0 ${vars.color.brand}`,
    },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});
