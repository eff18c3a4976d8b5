/** The dialog frame's parts and the animations of its variants (modal, full-screen, slide-over). */
import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../theme.css';
import { MODAL_CLOSE_MS } from './closing-delay';
import { focusRing } from './shared.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const riseIn = keyframes({
  from: { opacity: 0, transform: 'translateY(0.75rem) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});
const sinkOut = keyframes({
  from: { opacity: 1, transform: 'none' },
  to: { opacity: 0, transform: 'translateY(0.75rem) scale(0.98)' },
});
const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });
const slideOut = keyframes({ from: { transform: 'none' }, to: { transform: 'translateX(100%)' } });

const duration = `${MODAL_CLOSE_MS}ms`;

/** Plays `enter` on opening and `leave` while the frame closes (data-closing), forwards. */
function animated(enter: string, leave: string) {
  return {
    animation: `${enter} ${duration} ease-out`,
    selectors: {
      '&[data-closing]': {
        animation: `${leave} ${duration} ease-in forwards`,
        pointerEvents: 'none' as const,
      },
    },
    '@media': { [media.reducedMotion]: { animation: 'none' } },
  };
}

export const overlay = style({
  position: 'fixed',
  inset: 0,
  // The frames' level: a dialog opened from another (a confirmation from the users' panel) comes
  // later in the page, so its backdrop covers the first dialog too, and its window both.
  zIndex: 41,
  background: 'rgba(15, 23, 42, 0.5)',
  // Radix turns pointer events off on the page behind a modal; the backdrop must still take the press.
  pointerEvents: 'auto',
  ...animated(fadeIn, fadeOut),
});

// The page behind an open dialog does not scroll (the dialog's own body does).
globalStyle('html:has([data-scroll-lock])', { overflow: 'hidden' });

/** What every variant's window is: a column of header, body (scrolls) and actions (stay in view). */
const frame = style({
  position: 'fixed',
  zIndex: 41,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.overlay,
  minWidth: 0,
  overflowWrap: 'anywhere',
  selectors: { '&:focus': { outline: 'none' } },
});

export const modal = style([
  frame,
  {
    top: '50%',
    left: '50%',
    translate: '-50% -50%',
    width: `min(32rem, calc(100vw - 2 * ${vars.space.md}))`,
    maxHeight: `calc(100dvh - 2 * ${vars.space.md})`,
    borderRadius: vars.radius.lg,
    ...animated(riseIn, sinkOut),
  },
]);

export const fullScreen = style([
  frame,
  { inset: 0, width: '100vw', height: '100dvh', ...animated(fadeIn, fadeOut) },
]);

export const slideOver = style([
  frame,
  {
    top: 0,
    right: 0,
    bottom: 0,
    width: 'min(28rem, 100vw)',
    height: '100dvh',
    borderTopLeftRadius: vars.radius.lg,
    borderBottomLeftRadius: vars.radius.lg,
    ...animated(slideIn, slideOut),
  },
]);

export const header = style({
  flexShrink: 0,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.md} 0 ${vars.space.lg}`,
});

export const title = style({
  margin: 0,
  paddingTop: vars.space.xs,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  minWidth: 0,
});

export const close = style([
  focusRing,
  {
    flexShrink: 0,
    width: vars.size.control,
    height: vars.size.control,
    display: 'inline-grid',
    placeItems: 'center',
    border: 'none',
    borderRadius: vars.radius.md,
    background: 'transparent',
    color: vars.color.text,
    fontSize: vars.fontSize.xl,
    cursor: 'pointer',
    selectors: { '&:hover': { background: vars.color.background } },
  },
]);

export const description = style({
  flexShrink: 0,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.lg} 0`,
  color: vars.color.textMuted,
});

export const body = style({
  flex: '1 1 auto',
  overflowY: 'auto',
  padding: vars.space.lg,
  minHeight: 0,
});

export const actions = style({
  flexShrink: 0,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
});
