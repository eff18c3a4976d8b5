/** The erasure dialog: what goes and what stays side by side on a desktop, one under the other on a phone. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const columns = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
});

export const heading = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, margin: 0 });

export const list = style({
  margin: `${vars.space.xs} 0 0`,
  paddingLeft: vars.space.lg,
  display: 'grid',
  gap: vars.space.xxs,
  overflowWrap: 'anywhere',
});

export const refusal = style({
  borderLeft: `4px solid ${vars.color.danger}`,
  background: vars.color.dangerSoft,
  padding: vars.space.sm,
  display: 'grid',
  gap: vars.space.xs,
});
