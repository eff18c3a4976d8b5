/**
 * The order form's choice cards: a fieldset of options, each with a checkbox (or radio), a name and
 * a price. The form's steps and the delivery choice of step 4 draw their choices with them.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
});

export const legend = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  padding: `0 ${vars.space.xxs}`,
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.control,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandSoft } },
});

export const checkbox = style({
  width: '1.25rem',
  height: '1.25rem',
  accentColor: vars.color.brand,
  flexShrink: 0,
});

export const optionName = style({ flex: 1, minWidth: 0, overflowWrap: 'break-word', hyphens: 'auto' });

export const price = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});
