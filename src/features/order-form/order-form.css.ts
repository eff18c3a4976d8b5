import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
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

export const optionName = style({ flex: 1 });

export const price = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});

export const languages = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [media.sm]: { gridTemplateColumns: '1fr 1fr' } },
});

export const field = style({ display: 'grid', gap: vars.space.xxs });

export const select = style({
  minHeight: vars.size.control,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const total = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
