import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { focusRing } from './shared.css';

// Wraps onto a second line on a narrow phone rather than widening the page.
export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minWidth: 0,
});

export const pages = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const control = style([
  focusRing,
  {
    minWidth: vars.size.control,
    minHeight: vars.size.control,
    padding: `0 ${vars.space.xs}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    color: vars.color.brand,
    font: 'inherit',
    cursor: 'pointer',
    selectors: {
      '&:hover:not(:disabled)': { background: vars.color.brandSoft },
      '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
    },
  },
]);

export const page = style([
  control,
  {
    selectors: {
      '&[aria-current="page"]': {
        background: vars.color.brand,
        borderColor: vars.color.brand,
        color: vars.color.brandText,
        fontWeight: vars.fontWeight.bold,
      },
    },
  },
]);

export const step = control;

export const gap = style({
  alignSelf: 'center',
  padding: `0 ${vars.space.xxs}`,
  color: vars.color.textMuted,
});
