import { style } from '@vanilla-extract/css';
import { media, vars } from '../theme.css';

export const picker = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const coordinates = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
  minWidth: 0,
});

/** The library draws inside: a fixed height, isolated so Leaflet's z-indexes stay in it. */
export const map = style({
  position: 'relative',
  isolation: 'isolate',
  height: '240px',
  width: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: '#eef2f6',
  '@media': { [media.md]: { height: '320px' } },
});

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
