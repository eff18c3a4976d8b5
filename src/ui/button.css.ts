import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** Buttons: the shared shape and the two tones. Use button({ tone }) from ./button. */
export const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.control,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const buttonTone = styleVariants({
  primary: {
    background: vars.color.brand,
    color: vars.color.brandText,
    selectors: {
      '&:hover:not(:disabled)': { background: vars.color.brandHover, color: vars.color.brandText },
    },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.brand,
    borderColor: vars.color.brand,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft } },
  },
});
