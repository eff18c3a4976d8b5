import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const danger = style({ color: vars.color.danger, borderColor: vars.color.danger });
