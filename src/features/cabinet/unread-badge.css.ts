import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const badge = style({
  display: 'inline-block',
  minWidth: '1.4rem',
  marginLeft: vars.space.xxs,
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.brandText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '1.4rem',
  textAlign: 'center',
});
