import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const addressBox = style({ position: 'relative', minWidth: 0 });

export const suggestions = style({
  position: 'absolute',
  zIndex: 5,
  insetInline: 0,
  top: '100%',
  maxHeight: '16rem',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const suggestion = style({
  padding: vars.space.sm,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: { '&[aria-selected="true"]': { background: vars.color.brandSoft } },
});

export const pointList = style({
  display: 'grid',
  gap: vars.space.xs,
  maxHeight: '24rem',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const pointCard = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft } },
});

export const metro = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xxs });

export const metroDot = style({ width: '0.75rem', height: '0.75rem', borderRadius: '50%', flexShrink: 0 });

export const officeList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** An office: the choice (a label around the radio and the facts) and, under it, its map link. */
export const officeCard = style([
  pointCard,
  { cursor: 'default', gap: vars.space.xs, overflowWrap: 'anywhere' },
]);

export const officeChoice = style({ display: 'grid', gap: vars.space.xxs, cursor: 'pointer' });

export const mapLink = style({
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  // The visually hidden words inside are positioned against the link, not the page.
  position: 'relative',
});
