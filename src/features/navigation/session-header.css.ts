import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const line = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });

export const email = style({
  fontSize: vars.fontSize.sm,
  maxWidth: '12rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  // On a phone this line has room for «Выйти» only: the back office shows the address under the
  // brand (SessionEmail), the cabinet on its profile page.
  display: 'none',
  '@media': { [media.md]: { display: 'inline' } },
});

export const profileLink = style({
  color: vars.color.brandText,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brandText, textDecoration: 'underline' } },
});

export const logout = style({
  minHeight: vars.size.control,
  padding: `0 ${vars.space.sm}`,
  '@media': { [media.md]: { padding: `0 ${vars.space.md}` } },
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.brandText}`,
  background: 'transparent',
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: 'rgba(255, 255, 255, 0.15)' },
    '&:disabled': { opacity: 0.7, cursor: 'progress' },
  },
});
