import { fallbackVar, globalStyle, style } from '@vanilla-extract/css';
import { BOTTOM_BAR_ROOM, bottomBarRoom, withBottomBar } from '../../ui/app-layout.css';
import { buttonBase } from '../../ui/button.css';
import { media, vars } from '../../ui/theme.css';

/**
 * The pinned summary bar's height on a phone, measured as it changes (order-summary.tsx sets it on
 * the document): 6rem closed, much more with «Подробнее» open. A plain custom property, not a
 * vanilla-extract variable, because the page writes it on <html> for scroll padding too.
 */
export const SUMMARY_ROOM = '--order-summary-room';
const summaryRoom = `var(${SUMMARY_ROOM}, 6rem)`;

/** Form beside the summary on wide screens; one column (summary pinned at the bottom) on phones. */
export const columns = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  minWidth: 0,
  // Room for the pinned summary bar, open or closed, so it never hides the last field or «Назад».
  paddingBottom: summaryRoom,
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 20rem', paddingBottom: 0 } },
});

/*
 * A control focused or scrolled to on a phone stops above the pinned summary bar (and the tabs
 * under it, for a signed-in customer), not behind it.
 */
const PHONE = `not ${media.lg}`;
globalStyle(`html:has(${columns})`, { '@media': { [PHONE]: { scrollPaddingBottom: summaryRoom } } });
globalStyle(`html:has(${columns}):has(${withBottomBar})`, {
  '@media': { [PHONE]: { scrollPaddingBottom: `calc(${summaryRoom} + ${BOTTOM_BAR_ROOM})` } },
});

export const main = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });

export const documentDetails = style({
  display: 'grid',
  gap: vars.space.xs,
  marginLeft: vars.space.sm,
  paddingLeft: vars.space.sm,
  borderLeft: `3px solid ${vars.color.brandSoft}`,
});

export const quantity = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexWrap: 'wrap',
});

export const stepper = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

/**
 * A square button: the default padding made «−» and «+» as wide as a word. The shared button's
 * styles are imported first, so these come later in the stylesheet and win.
 */
export const stepperButton = style({
  selectors: { [`${buttonBase}&`]: { paddingInline: 0 } },
  minWidth: vars.size.control,
  fontSize: vars.fontSize.lg,
});

export const quantityInput = style({
  width: '3.5rem',
  minHeight: vars.size.control,
  textAlign: 'center',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
});

/** A line's languages: the order's one, the added ones with their «×», and «+ язык», wrapping at 360 px. */
export const lineLanguages = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const languageList = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const languageItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const languageFixed = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
});

export const languageSelect = style({
  minHeight: vars.size.control,
  maxWidth: '11rem',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const languageHint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const twoColumns = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [media.sm]: { gridTemplateColumns: '1fr 1fr' } },
});

export const field = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const select = style({
  minHeight: vars.size.control,
  width: '100%',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' } },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

/** «Начать заново» and its question: one row that wraps on a phone. */
export const restart = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

/**
 * The summary: a card beside the form on desktop, a bar pinned to the bottom on phones — above
 * the bottom tabs when a signed-in customer has them, so a tap on «Далее» never lands on a tab.
 */
export const summary = style({
  position: 'fixed',
  insetInline: 0,
  bottom: fallbackVar(bottomBarRoom, '0px'),
  zIndex: 15,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.overlay,
  padding: vars.space.sm,
  display: 'grid',
  gap: vars.space.sm,
  // Open on a phone it may take half the screen, no more; the page makes room for all of it.
  maxHeight: '50vh',
  overflowY: 'auto',
  '@media': {
    [media.lg]: {
      position: 'sticky',
      top: vars.space.md,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
      boxShadow: vars.shadow.raised,
      padding: vars.space.md,
      maxHeight: 'none',
    },
  },
});

/**
 * The bar: the total with «Подробнее» under it, and the step's button beside them. A grid, so a
 * long button («Отправить заказ») narrows the total's column instead of running over it.
 */
export const summaryBar = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  columnGap: vars.space.sm,
});

export const summaryFigures = style({ display: 'grid', justifyItems: 'start', minWidth: 0 });

export const summaryTotal = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: vars.lineHeight.tight,
  minWidth: 0,
});

export const summaryToggle = style({
  background: 'none',
  border: 'none',
  color: vars.color.brand,
  textDecoration: 'underline',
  cursor: 'pointer',
  // A 44 px target whose text sits close under the total.
  minHeight: vars.size.control,
  marginBlock: `calc(${vars.space.xs} * -1)`,
  padding: 0,
  fontSize: vars.fontSize.sm,
  '@media': { [media.lg]: { display: 'none' } },
});

export const breakdown = style({ display: 'grid', gap: vars.space.xxs, margin: 0 });

export const breakdownHidden = style({ display: 'none', '@media': { [media.lg]: { display: 'grid' } } });

export const breakdownRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const breakdownName = style({ minWidth: 0, overflowWrap: 'anywhere' });

export const breakdownNested = style([
  breakdownRow,
  { paddingLeft: vars.space.md, color: vars.color.textMuted },
]);

export const nextInBar = style({ '@media': { [media.lg]: { display: 'none' } } });

export const review = style({ display: 'grid', gap: vars.space.xs, margin: 0 });

export const reviewRow = style({
  display: 'grid',
  gap: vars.space.xxs,
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.sm]: { gridTemplateColumns: '10rem minmax(0, 1fr) auto', alignItems: 'baseline' } },
});

export const reviewKey = style({ fontWeight: vars.fontWeight.bold });

export const reviewValue = style({
  margin: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-line',
});
