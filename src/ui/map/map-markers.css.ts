/**
 * Markers drawn as HTML by both providers: cluster circles with their counts (HTML, because a
 * vector style's label fonts come from the tile server and do not load offline), Leaflet's point
 * markers, and the customer's draggable marker. Sizes are the product's (map-view.ts MAP_DEFAULTS).
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { MAP_DEFAULTS } from './map-view';

const px = (value: number) => `${value}px`;

export const cluster = style({
  display: 'grid',
  placeItems: 'center',
  boxSizing: 'border-box',
  borderRadius: '50%',
  background: vars.color.brand,
  color: vars.color.brandText,
  border: `3px solid ${vars.color.surface}`,
  boxShadow: vars.shadow.raised,
  fontFamily: vars.font.body,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  userSelect: 'none',
});

export const point = style({
  boxSizing: 'border-box',
  width: px(MAP_DEFAULTS.markerSize.pickup),
  height: px(MAP_DEFAULTS.markerSize.pickup),
  // No transform here: both libraries position markers with a transform on this element.
  borderRadius: '50%',
  background: vars.color.surface,
  border: `8px solid ${vars.color.brand}`,
  boxShadow: vars.shadow.raised,
  cursor: 'pointer',
});

export const pointChosen = style({
  borderColor: vars.color.danger,
});

export const user = style({
  boxSizing: 'border-box',
  width: px(MAP_DEFAULTS.markerSize.user),
  height: px(MAP_DEFAULTS.markerSize.user),
  borderRadius: '50%',
  background: '#0ea5e9',
  border: `3px solid ${vars.color.surface}`,
  boxShadow: vars.shadow.overlay,
  cursor: 'grab',
});
