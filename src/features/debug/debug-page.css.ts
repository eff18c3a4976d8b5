import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: vars.space.xxs,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
});

export const pairs = style({ display: 'grid', gap: vars.space.xxs, margin: 0 });

export const pair = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 14rem) 1fr',
  gap: vars.space.sm,
});

export const key = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const value = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const report = style({
  width: '100%',
  minHeight: '16rem',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
});
