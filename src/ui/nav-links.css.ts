import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from './theme.css';

const listBase = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: vars.space.xxs });

export const list = styleVariants({
  row: [listBase, { flexWrap: 'wrap' }],
  column: [listBase, { flexDirection: 'column' }],
});

/**
 * A menu in a column (the back office's and the cabinet's side menus) has a fixed width: a label
 * longer than it («Документы для клиентов» in bold) wraps onto a second line instead of running
 * past the card's edge. A row keeps every label on one line and scrolls instead.
 */
globalStyle(`${list.column} > li > a`, {
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  display: 'flex',
  alignItems: 'center',
  lineHeight: 1.3,
});

export const tabletUp = style({ display: 'none', '@media': { [media.md]: { display: 'list-item' } } });

const linkBase = style({
  display: 'block',
  whiteSpace: 'nowrap',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  textDecoration: 'none',
  minHeight: vars.size.control,
  lineHeight: `calc(${vars.size.control} - 2 * ${vars.space.xs})`,
});

export const link = styleVariants({
  onBrand: [
    linkBase,
    {
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
  ],
  onSurface: [
    linkBase,
    {
      color: vars.color.text,
      selectors: {
        '&:hover': { color: vars.color.brandHover, background: vars.color.brandSoft },
        // Colour, weight and a bar at the start: the mark does not rest on colour alone.
        '&[aria-current="page"]': {
          color: vars.color.brand,
          background: vars.color.brandSoft,
          fontWeight: vars.fontWeight.bold,
          boxShadow: `inset 3px 0 0 ${vars.color.brand}`,
        },
      },
    },
  ],
});

/**
 * The side menu's card, beside the page on wide screens only: below the lg breakpoint the area
 * offers the same menu behind a button (a row of a dozen links does not fit a phone or a tablet).
 */
export const sidebar = style({
  display: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xs,
  '@media': {
    [media.lg]: { display: 'block', position: 'sticky', top: vars.space.lg },
  },
});
