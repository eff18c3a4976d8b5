import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const badge = style({
  display: 'inline-block',
  // Holds its visually hidden text: positioned against the page instead, inside the header's
  // scrolling menu that text widened the whole page (to 550 px on a 360 px phone).
  position: 'relative',
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
