import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media, vars } from './theme.css';

export const list = recipe({
  base: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: vars.space.xxs },
  variants: {
    direction: {
      row: { flexWrap: 'wrap' },
      column: { flexDirection: 'column' },
      /** A scrolling row on phones and tablets, a column beside the page on wide screens. */
      responsive: {
        overflowX: 'auto',
        '@media': { [media.lg]: { flexDirection: 'column', overflowX: 'visible' } },
      },
    },
  },
});

export const link = recipe({
  base: {
    display: 'block',
    whiteSpace: 'nowrap',
    padding: `${vars.space.xs} ${vars.space.sm}`,
    borderRadius: vars.radius.md,
    textDecoration: 'none',
    minHeight: vars.size.control,
    lineHeight: `calc(${vars.size.control} - 2 * ${vars.space.xs})`,
  },
  variants: {
    tone: {
      onBrand: {
        color: vars.color.brandText,
        selectors: {
          '&:hover': { color: vars.color.brandText, background: 'rgba(255, 255, 255, 0.15)' },
          // The darker blue keeps white text above 4.5:1.
          '&[aria-current="page"]': {
            background: vars.color.brandActive,
            fontWeight: vars.fontWeight.bold,
          },
        },
      },
      onSurface: {
        color: vars.color.text,
        selectors: {
          '&:hover': { color: vars.color.brandHover, background: vars.color.brandSoft },
          '&[aria-current="page"]': {
            color: vars.color.brand,
            background: vars.color.brandSoft,
            fontWeight: vars.fontWeight.bold,
          },
        },
      },
    },
  },
});

export const sidebar = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xs,
});
