import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

const lineBase = style({ fontSize: vars.fontSize.sm, margin: 0 });

/** The «Данные от …» line: muted when fresh, a warning when offline. */
export const line = styleVariants({
  true: [
    lineBase,
    {
      color: vars.color.warning,
      background: vars.color.warningSoft,
      padding: `${vars.space.xxs} ${vars.space.xs}`,
      borderRadius: vars.radius.sm,
    },
  ],
  false: [lineBase, { color: vars.color.textMuted }],
});
