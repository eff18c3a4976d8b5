/**
 * The one set of design tokens. Every style in the app takes its values from `vars`; colours meet
 * WCAG AA contrast on their backgrounds. Breakpoints are plain numbers because CSS custom
 * properties cannot be used inside media queries.
 */
import { createGlobalTheme } from '@vanilla-extract/css';

export const THEME_COLOR = '#1d4ed8';

export const vars = createGlobalTheme(':root', {
  color: {
    brand: THEME_COLOR,
    brandHover: '#1e40af',
    brandActive: '#1e3a8a',
    brandText: '#ffffff',
    brandSoft: '#eff6ff',
    text: '#111827',
    textMuted: '#4b5563',
    background: '#f8fafc',
    surface: '#ffffff',
    border: '#d1d5db',
    borderStrong: '#6b7280',
    danger: '#b91c1c',
    dangerSoft: '#fef2f2',
    warning: '#92400e',
    warningSoft: '#fffbeb',
    success: '#166534',
    successSoft: '#f0fdf4',
    /** Focus ring on light surfaces (17:1 on white). */
    focusRing: '#0f172a',
    /** Focus ring on the brand blue and on dark notices (4.5:1 on the brand colour). */
    focusRingOnDark: '#fbbf24',
  },
  space: {
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
  },
  radius: {
    sm: '0.25rem',
    md: '0.5rem',
    lg: '0.75rem',
    pill: '999px',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
  fontSize: {
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.5rem',
    xxl: '1.875rem',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    bold: '700',
  },
  lineHeight: {
    tight: '1.25',
    normal: '1.5',
  },
  shadow: {
    raised: '0 1px 3px rgba(15, 23, 42, 0.12), 0 1px 2px rgba(15, 23, 42, 0.08)',
    overlay: '0 10px 25px rgba(15, 23, 42, 0.2)',
  },
  focus: {
    width: '3px',
    offset: '2px',
  },
  size: {
    content: '60rem',
    sidebar: '15rem',
    control: '2.75rem',
  },
});

export const breakpoints = { sm: 480, md: 768, lg: 1024 } as const;

export const media = {
  sm: `screen and (min-width: ${breakpoints.sm}px)`,
  md: `screen and (min-width: ${breakpoints.md}px)`,
  lg: `screen and (min-width: ${breakpoints.lg}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
