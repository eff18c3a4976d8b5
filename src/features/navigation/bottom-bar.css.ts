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

export const link = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: BAR_HEIGHT,
  padding: `0 ${vars.space.xxs}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textDecoration: 'none',
  textAlign: 'center',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.brandHover, background: vars.color.brandSoft },
    '&[aria-current="page"]': {
      color: vars.color.brand,
      fontWeight: vars.fontWeight.bold,
      boxShadow: `inset 0 3px 0 ${vars.color.brand}`,
    },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});
