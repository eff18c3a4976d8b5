import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const line = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });

export const email = style({
  fontSize: vars.fontSize.sm,
  maxWidth: '12rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  // On a phone this line has room for «Меню» and «Выйти» only: the address goes under the brand
  // there (AreaName).
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

/** The area's name under the brand, from tablet width (a phone shows the address there). */
export const areaTitle = style({
  display: 'none',
  '@media': { [media.md]: { display: 'inline' } },
});

/**
 * The signed-in address under the brand on a phone. Its width leaves «Меню» and «Выйти» room at
 * 360 px; a longer address ends in an ellipsis.
 */
export const phoneEmail = style({
  display: 'block',
  lineHeight: '1.5rem', // a 24 px touch target under the brand's
  maxWidth: 'calc(100vw - 12.5rem)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.brandText,
  '@media': { [media.md]: { display: 'none' } },
});
