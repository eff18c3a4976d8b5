import { globalStyle, style } from '@vanilla-extract/css';
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

export const headerInner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const brand = style({
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brandText, textDecoration: 'underline' } },
});

export const area = style({
  fontSize: vars.fontSize.sm,
  opacity: 0.9,
});

export const headerNav = style({
  marginLeft: 'auto',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const body = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.lg,
  '@media': {
    [media.md]: { padding: vars.space.lg },
  },
});

export const withSidebar = style({
  '@media': {
    [media.lg]: { gridTemplateColumns: `${vars.size.sidebar} 1fr`, alignItems: 'start' },
  },
});

export const main = style({
  minWidth: 0,
  selectors: { '&:focus': { outline: 'none' } },
});

/** Room under the page for the mobile bottom bar (3.5rem high), and the notices lifted above it. */
const BOTTOM_BAR_ROOM = 'calc(3.5rem + env(safe-area-inset-bottom))';

export const withBottomBar = style({
  paddingBottom: BOTTOM_BAR_ROOM,
  '@media': { [media.md]: { paddingBottom: 0 } },
});

globalStyle(`${withBottomBar} ~ ${toastRegion}`, {
  bottom: `calc(${BOTTOM_BAR_ROOM} + ${vars.space.md})`,
  '@media': { [media.md]: { bottom: vars.space.md } },
});
