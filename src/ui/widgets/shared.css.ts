/**
 * Styles more than one widget needs: the focus ring, text only screen readers hear, and the
 * popup list under a select or an autocomplete.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const focusRing = style({
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focus.width} solid ${vars.color.focusRing}`,
      outlineOffset: vars.focus.offset,
    },
  },
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** Spec 9: a popup list is at most 60 units high; a unit is the theme's smallest step (0.25rem). */
export const POPUP_MAX_HEIGHT = `calc(60 * ${vars.space.xxs})`;

/** Holds a control and its popup, so the popup is placed under the control. */
export const anchor = style({ position: 'relative', minWidth: 0 });

export const popup = style({
  position: 'absolute',
  zIndex: 30,
  insetInline: 0,
  top: `calc(100% + ${vars.space.xxs})`,
  maxHeight: POPUP_MAX_HEIGHT,
  overflowY: 'auto',
  margin: 0,
  padding: `${vars.space.xxs} 0`,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.overlay,
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.control,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { background: vars.color.brandSoft },
    // The active option is where the keyboard is: outlined, as visible as a focus ring.
    '&[data-active]': {
      background: vars.color.brandSoft,
      outline: `2px solid ${vars.color.brand}`,
      outlineOffset: '-2px',
    },
    '&[aria-disabled="true"]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const popupMessage = style([
  popup,
  { padding: `${vars.space.sm} ${vars.space.md}`, color: vars.color.textMuted },
]);
