/** The cabinet screens' own pieces: rows of its lists, the next step, filters, actions, notifications. */
import { style, styleVariants } from '@vanilla-extract/css';
import { compactCard } from '../../ui/page.css';
import { media, vars } from '../../ui/theme.css';

export const row = style([
  compactCard,
  {
    '@media': {
      [media.md]: {
        gridTemplateColumns: 'minmax(8rem, 1fr) minmax(10rem, 1.2fr) auto',
        alignItems: 'center',
        columnGap: vars.space.md,
      },
    },
  },
]);

export const rowMain = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const rowTitle = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg });

export const rowAside = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  '@media': { [media.md]: { justifyContent: 'flex-end' } },
});

export const nextStep = styleVariants({
  yours: {
    margin: 0,
    fontWeight: vars.fontWeight.medium,
    color: vars.color.warning,
    background: vars.color.warningSoft,
    borderRadius: vars.radius.sm,
    padding: `${vars.space.xxs} ${vars.space.xs}`,
    justifySelf: 'start',
    '@media': { [media.md]: { gridColumn: '1 / -1' } },
  },
  wait: {
    margin: 0,
    color: vars.color.textMuted,
    '@media': { [media.md]: { gridColumn: '1 / -1' } },
  },
});

export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 16rem))' } },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

/** A notification: unread ones carry a brand bar on the left. */
export const notification = styleVariants({
  unread: [row, { borderLeft: `4px solid ${vars.color.brand}` }],
  read: [row],
});

/** The order page's «Добавить файлы» under the files already sent. */
export const addFiles = style({
  display: 'grid',
  gap: vars.space.sm,
  marginTop: vars.space.md,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

/** Files waiting on the device: what they are, and «Отправить сейчас». */
export const queuedFiles = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  overflowWrap: 'anywhere',
});
