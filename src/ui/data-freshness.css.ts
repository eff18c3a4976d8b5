import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

export const line = recipe({
  base: { fontSize: vars.fontSize.sm, margin: 0 },
  variants: {
    offline: {
      true: {
        color: vars.color.warning,
        background: vars.color.warningSoft,
        padding: `${vars.space.xxs} ${vars.space.xs}`,
        borderRadius: vars.radius.sm,
      },
      false: { color: vars.color.textMuted },
    },
  },
});
