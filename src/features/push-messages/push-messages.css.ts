/** The push messages screen: the form beside its preview, the notification look, what became of each. */
import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const compose = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

export const previewBox = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.background,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});

export const previewHeading = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const notification = style({
  display: 'grid',
  gridTemplateColumns: '40px minmax(0, 1fr)',
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.overlay,
});

export const icon = style({ borderRadius: vars.radius.md });

export const notificationText = style({ display: 'grid', gap: '2px', minWidth: 0 });

export const appName = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const notificationTitle = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const notificationBody = style({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });

export const previewNote = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const sentTitle = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const sentBody = style({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });

export const outcome = style({ margin: 0 });

export const confirmTitle = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const refresh = style({
  background: 'none',
  border: 'none',
  padding: vars.space.xs,
  color: vars.color.brand,
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: vars.size.control,
});
