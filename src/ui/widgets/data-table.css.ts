import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { focusRing, visuallyHidden } from './shared.css';

/** The table scrolls sideways inside this box, so the page never gets wider than the screen. */
export const scroller = style([
  focusRing,
  {
    maxWidth: '100%',
    overflowX: 'auto',
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
  },
]);

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

export const caption = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
});

export const captionHidden = visuallyHidden;

export const header = style({
  textAlign: 'left',
  verticalAlign: 'bottom',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `2px solid ${vars.color.borderStrong}`,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});

export const sortButton = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    minHeight: vars.size.control,
    padding: 0,
    border: 'none',
    background: 'none',
    font: 'inherit',
    fontWeight: vars.fontWeight.bold,
    color: vars.color.brand,
    cursor: 'pointer',
    selectors: { '&:hover': { textDecoration: 'underline' } },
  },
]);

/** An unsortable column's name, on the same line as the sortable ones' buttons. */
export const headerLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.control,
});

export const sortMark = style({ fontSize: '0.75em', color: vars.color.textMuted });

export const row = style({
  selectors: { '&:nth-child(even)': { background: vars.color.background } },
});

export const cell = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  // break-word, not anywhere: a cell never gets narrower than its longest word (an email), so a
  // wide table scrolls inside its box instead of breaking words letter by letter at 360 px.
  overflowWrap: 'break-word',
});

export const empty = style({
  padding: vars.space.lg,
  textAlign: 'center',
  color: vars.color.textMuted,
});
