import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css';

/** The floating support button from the md breakpoint; a phone finds the chats in «Меню». */
export const floatingSupport = style({
  display: 'none',
  '@media': { [media.md]: { display: 'block' } },
});

export const supportChats = style({
  marginTop: vars.space.lg,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  display: 'grid',
  gap: vars.space.xs,
});

export const supportTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });
