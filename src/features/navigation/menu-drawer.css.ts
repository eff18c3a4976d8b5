import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.control,
  // Narrow on a phone: at 360 px the brand, this button and «Выйти» share one row.
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.md,
  border: 'none',
  background: 'rgba(255, 255, 255, 0.15)',
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(255, 255, 255, 0.25)' } },
  '@media': {
    [media.md]: { padding: `0 ${vars.space.sm}` },
    // Wide screens show the menu beside the page.
    [media.lg]: { display: 'none' },
  },
});

/** Three bars drawn with borders and a shadow: no icon font, nothing for the CSP to refuse. */
export const icon = style({
  width: '1.125rem',
  height: '2px',
  background: 'currentColor',
  boxShadow: '0 -6px 0 currentColor, 0 6px 0 currentColor',
});
