import { style } from '@vanilla-extract/css';
import { input } from '../form.css';
import { vars } from '../theme.css';
import { focusRing } from './shared.css';

export const control = style([
  input,
  focusRing,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xs,
    cursor: 'pointer',
    userSelect: 'none',
    selectors: { '&[aria-expanded="true"]': { borderColor: vars.color.brand } },
  },
]);

export const value = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const placeholder = style([value, { color: vars.color.textMuted }]);

export const chevron = style({ flexShrink: 0, color: vars.color.textMuted });

export const check = style({
  width: '1em',
  flexShrink: 0,
  color: vars.color.brand,
  fontWeight: vars.fontWeight.bold,
});
