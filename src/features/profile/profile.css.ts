import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The profile's facts as term over value (email, role): no indent eats a phone's width. */
export const facts = style({ margin: 0, display: 'grid', gap: vars.space.sm });

globalStyle(`${facts} dd`, { margin: 0 });
