/** Text fields of forms: a label above its control, an optional hint, a row of actions. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// A long email in a message («Код отправлен на …») breaks anywhere instead of widening a 360 px screen.
export const form = style({
  display: 'grid',
  gap: vars.space.md,
  maxWidth: '28rem',
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const field = style({ display: 'grid', gap: vars.space.xxs });

export const label = style({ fontWeight: vars.fontWeight.medium });

export const input = style({
  minHeight: vars.size.control,
  width: '100%',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflowWrap: 'anywhere',
  minWidth: 0,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
    '&:read-only': { background: vars.color.background },
  },
});

export const textarea = style([input, { minHeight: '6rem', padding: vars.space.sm, resize: 'vertical' }]);

export const code = style([
  input,
  { maxWidth: '10rem', fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, letterSpacing: '0.2em' },
]);

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** The message beside a field that fails its rule (GOV.UK: above the control, bold, red). */
export const fieldError = style({
  color: vars.color.danger,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

/** A field in error gets a red bar on its left, so the eye finds it in a long form. */
export const fieldInError = style({
  borderLeft: `4px solid ${vars.color.danger}`,
  paddingLeft: vars.space.sm,
});

export const errorSummary = style({
  border: `3px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

export const errorSummaryTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  margin: 0,
});

export const errorSummaryList = style({
  margin: 0,
  paddingLeft: vars.space.md,
  display: 'grid',
  gap: vars.space.xxs,
});

export const errorSummaryLink = style({
  color: vars.color.danger,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

/** A button that reads as a link (secondary actions inside a form). */
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: `${vars.space.xxs} 0`,
  color: vars.color.brand,
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: vars.size.control,
  selectors: {
    '&:hover:not(:disabled)': { color: vars.color.brandHover },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed', textDecoration: 'none' },
  },
});

export const success = style({
  overflowWrap: 'anywhere',
  color: vars.color.success,
  background: vars.color.successSoft,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
});

/** A group of radios or checkboxes: the legend is the question, each option a large target. */
export const choiceGroup = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const legend = style({ fontWeight: vars.fontWeight.medium, padding: 0, marginBottom: vars.space.xxs });

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.control,
  cursor: 'pointer',
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const choiceControl = style({
  width: '1.25rem',
  height: '1.25rem',
  flexShrink: 0,
  accentColor: vars.color.brand,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

export const select = style([input, { paddingRight: vars.space.lg, textOverflow: 'ellipsis' }]);
