import { createVar, globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from './theme.css';
import { region as toastRegion } from './toast.css';

export const shell = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space.xs,
  top: '-10rem',
  padding: vars.space.xs,
  background: vars.color.surface,
  color: vars.color.brand,
  borderRadius: vars.radius.sm,
  zIndex: 10,
  selectors: { '&:focus': { top: vars.space.xs } },
});

export const header = style({
  background: vars.color.brand,
  color: vars.color.brandText,
});

globalStyle(`${header} :focus-visible`, { outlineColor: vars.color.focusRingOnDark });

/**
 * One height for every area's header at every width: the row never wraps; a navigation longer
 * than the screen scrolls sideways inside the header instead of pushing the page down.
 */
export const HEADER_HEIGHT = '4rem';

export const headerInner = style({
  height: HEADER_HEIGHT,
  margin: '0 auto',
  padding: `0 ${vars.space.sm}`,
  display: 'flex',
  flexWrap: 'nowrap',
  alignItems: 'center',
  gap: vars.space.xs,
  // No content max-width: on a desktop the cabinet's six links, the email and «Выйти» fit one row.
  '@media': { [media.md]: { gap: vars.space.md, padding: `0 ${vars.space.md}` } },
});

/** The brand with the area's name under it, so both fit a phone's header without wrapping the row. */
export const brandBlock = style({ display: 'grid', lineHeight: 1.2, flexShrink: 0 });

export const brand = style({
  // 24 px tall: a touch target of WCAG 2.2's minimum size, also with the address link under it.
  lineHeight: '1.5rem',
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
  '@media': { [media.md]: { fontSize: vars.fontSize.lg } },
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brandText, textDecoration: 'underline' } },
});

export const area = style({
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  opacity: 0.9,
});

export const headerNav = style({
  marginLeft: 'auto',
  minWidth: 0,
  display: 'flex',
  flexWrap: 'nowrap',
  alignItems: 'center',
  gap: vars.space.xxs,
  '@media': { [media.md]: { gap: vars.space.sm } },
});

// The links scroll sideways when they do not fit; the rest (the email and «Выйти») stays in view.
globalStyle(`${headerNav} > nav`, { minWidth: 0, overflowX: 'auto', scrollbarWidth: 'thin' });
globalStyle(`${headerNav} > :not(nav)`, { flexShrink: 0 });
globalStyle(`${headerNav} ul`, { flexWrap: 'nowrap' });
/**
 * An area's menu as a row of links in the header, from the lg breakpoint only: below it the
 * area offers the same menu behind «Меню» (six links do not fit a phone's header).
 */
export const wideNav = style({ display: 'none' });
globalStyle(`${headerNav} > ${wideNav}`, {
  flexShrink: 1,
  minWidth: 0,
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  '@media': { [media.lg]: { display: 'block' } },
});

// Inside the scrolling row an outside focus ring would be cut off.
globalStyle(`${headerNav} nav :focus-visible`, { outlineOffset: '-3px' });

export const body = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.lg,
  // The rows keep their own height: stretched to fill a short page, a side menu became an empty card.
  alignContent: 'start',
  '@media': {
    [media.md]: { padding: vars.space.lg },
  },
});

// A grid item is as wide as its content by default: a scrolling menu would widen the page.
globalStyle(`${body} > *`, { minWidth: 0 });

/** A wide desktop's page beside a side menu (the theme's content width is for reading pages). */
const WIDE_CONTENT = '90rem';

/** Beside a side menu the page gets a desktop's width: lists of orders need the room. */
export const withSidebar = style({
  '@media': {
    [media.lg]: {
      gridTemplateColumns: `${vars.size.sidebar} minmax(0, 1fr)`,
      alignItems: 'start',
      maxWidth: WIDE_CONTENT,
    },
  },
});

/**
 * Room under the page for a floating corner button (support), so it never covers the last row;
 * from the md breakpoint, where such a button floats (on a phone it lives in the menu).
 */
const CORNER_ROOM = '5.5rem';

export const withCornerButton = style({
  '@media': { [media.md]: { paddingBottom: CORNER_ROOM } },
});

export const main = style({
  minWidth: 0,
  selectors: { '&:focus': { outline: 'none' } },
});

/** Room under the page for the mobile bottom bar (3.5rem high), and the notices lifted above it. */
export const BOTTOM_BAR_ROOM = 'calc(3.5rem + env(safe-area-inset-bottom))';

/**
 * How high the bottom bar stands over the screen's bottom edge (0 where there is none): another
 * pinned bar, such as the order form's price, sits on top of it instead of covering its tabs.
 * Read it with fallbackVar(bottomBarRoom, '0px').
 */
export const bottomBarRoom = createVar();

export const withBottomBar = style({
  vars: { [bottomBarRoom]: BOTTOM_BAR_ROOM },
  paddingBottom: BOTTOM_BAR_ROOM,
  '@media': { [media.md]: { paddingBottom: 0, vars: { [bottomBarRoom]: '0px' } } },
});

// A control focused or scrolled to stops above the bar, not behind it.
globalStyle(`html:has(${withBottomBar})`, {
  scrollPaddingBottom: BOTTOM_BAR_ROOM,
  '@media': { [media.md]: { scrollPaddingBottom: 0 } },
});

globalStyle(`${withBottomBar} ~ ${toastRegion}`, {
  bottom: `calc(${BOTTOM_BAR_ROOM} + ${vars.space.md})`,
  '@media': { [media.md]: { bottom: vars.space.md } },
});
