/** Page-wide rules: box model, the system font, a visible focus ring on every control, reduced motion. */
import { globalStyle } from '@vanilla-extract/css';
import { media, vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, p, ul, ol, fieldset, figure', { margin: 0 });
globalStyle('h1, h2, h3', { lineHeight: vars.lineHeight.tight });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('a', { color: vars.color.brand });
globalStyle('a:hover', { color: vars.color.brandHover });

// Keyboard users always see where they are; mouse clicks do not draw the ring.
globalStyle(':focus-visible', {
  outline: `${vars.focus.width} solid ${vars.color.focusRing}`,
  outlineOffset: vars.focus.offset,
});
globalStyle(':focus:not(:focus-visible)', { outline: 'none' });

globalStyle('*, *::before, *::after', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto',
    },
  },
});

/** Text for screen readers only (e.g. «Ошибка:» before a field's message). */
globalStyle('.visually-hidden', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});
