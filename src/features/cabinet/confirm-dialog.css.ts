import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(15, 23, 42, 0.5)',
  zIndex: 40,
});

export const content = style({
  position: 'fixed',
  zIndex: 41,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(28rem, calc(100vw - 2rem))',
  maxHeight: 'calc(100vh - 2rem)',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.overlay,
  padding: vars.space.lg,
  display: 'grid',
  gap: vars.space.md,
  overflowWrap: 'anywhere',
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, margin: 0 });
