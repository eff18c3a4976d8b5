import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const bar = style({
  selectors: {
    '&:empty': { display: 'none' },
  },
  background: vars.color.warningSoft,
  color: vars.color.warning,
  borderBottom: `1px solid ${vars.color.warning}`,
  padding: `${vars.space.xs} ${vars.space.md}`,
  textAlign: 'center',
  fontWeight: vars.fontWeight.medium,
});
