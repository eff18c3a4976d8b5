/** The users screen: the list's rows, badges, the access requests and the panel's sections. */
import { style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'end',
  '@media': { [media.md]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto' } },
});

export const row = style({
  display: 'grid',
  gap: vars.space.xs,
  '@media': {
    [media.md]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1.5fr) auto', alignItems: 'center' },
  },
});

export const who = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const name = style({ fontWeight: vars.fontWeight.bold });

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

const badgeBase = style({
  display: 'inline-block',
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const badge = styleVariants({
  role: [badgeBase, { background: vars.color.brandSoft, color: vars.color.brandActive }],
  blocked: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  pending: [badgeBase, { background: vars.color.warningSoft, color: vars.color.warning }],
  erased: [
    badgeBase,
    {
      background: vars.color.background,
      color: vars.color.textMuted,
      border: `1px solid ${vars.color.border}`,
    },
  ],
});

export const section = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const passwordRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const history = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const historyItem = style({
  display: 'grid',
  gap: vars.space.xxs,
  paddingLeft: vars.space.sm,
  borderLeft: `3px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

export const requestActions = style({ display: 'grid', gap: vars.space.sm });

export const inviteHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

/** The invitations waiting for an answer, one a line. */
export const invitations = style({
  margin: 0,
  paddingInlineStart: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
  overflowWrap: 'anywhere',
});
