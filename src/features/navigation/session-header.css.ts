import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const line = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });

export const email = style({
  fontSize: vars.fontSize.sm,
  maxWidth: '14rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const logout = style({
  minHeight: vars.size.control,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.brandText}`,
  background: 'transparent',
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: 'rgba(255, 255, 255, 0.15)' },
    '&:disabled': { opacity: 0.7, cursor: 'progress' },
  },
});
