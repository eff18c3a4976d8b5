import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const thread = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

const bubble = style({
  display: 'grid',
  gap: vars.space.xxs,
  maxWidth: 'min(36rem, 92%)',
  minWidth: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

/** The reader's own messages on the right, the other side's on the left, as in any messenger. */
export const message = styleVariants({
  own: [bubble, { justifySelf: 'end', background: vars.color.brandSoft, borderColor: '#bfdbfe' }],
  theirs: [bubble, { justifySelf: 'start', background: vars.color.surface }],
  waiting: [bubble, { justifySelf: 'end', background: vars.color.surface, borderStyle: 'dashed' }],
  refused: [
    bubble,
    { justifySelf: 'end', background: vars.color.dangerSoft, borderColor: vars.color.danger },
  ],
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.xs}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const author = style({ fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const text = style({ margin: 0, whiteSpace: 'pre-wrap' });

export const files = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xxs,
});

/** «Новые сообщения»: where the reader's unread part of the thread begins. */
export const unreadLine = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.danger}` },
  },
});

export const state = style({ fontWeight: vars.fontWeight.medium, color: vars.color.warning });

export const stateActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const composer = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

export const count = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 });

/** The unread messages of an order in a list: a red pill, as the menu's unread count. */
export const badge = style({
  display: 'inline-block',
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.xs}`,
  background: vars.color.danger,
  color: vars.color.brandText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '1.5rem',
  whiteSpace: 'nowrap',
});
