import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css';

export const mapBlock = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

/** The library draws inside: a fixed height, about a third of a phone's screen. */
export const map = style({
  position: 'relative',
  // Leaflet's panes and controls carry z-indexes up to 1000: kept inside, under the pinned summary.
  isolation: 'isolate',
  height: '260px',
  width: '100%',
  minWidth: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: '#eef2f6',
  '@media': { [media.md]: { height: '360px' } },
});

export const mapHidden = style({ display: 'none' });

export const tools = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const toolButton = style({ minHeight: vars.size.control });

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const chosen = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const chosenTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

/** The partner's own words on the entrance keep their line breaks. */
export const howToFind = style({ whiteSpace: 'pre-line' });

export const photos = style({
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const photo = style({
  display: 'block',
  width: '7.5rem',
  height: '5.5rem',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.border,
});

export const distance = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
