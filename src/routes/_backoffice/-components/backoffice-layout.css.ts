import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css';

/** «Бэк-офис» under the brand on tablets and desktops; a phone shows the signed-in address there. */
export const areaTitle = style({
  display: 'none',
  '@media': { [media.md]: { display: 'inline' } },
});

/**
 * The signed-in address under the brand on a phone, where the header's right side holds only
 * «Меню» and «Выйти». Its width leaves them room at 360 px; a longer address ends in an ellipsis.
 */
export const phoneEmail = style({
  display: 'block',
  maxWidth: 'calc(100vw - 12.5rem)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.brandText,
  '@media': { [media.md]: { display: 'none' } },
});

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
