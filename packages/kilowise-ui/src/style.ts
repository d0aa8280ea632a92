import type { CSSProperties } from 'react';

/**
 * The components' look is layout plus CSS custom properties, each with a default for light pages. A page
 * in dark mode (or with its own design) sets the variables on any ancestor:
 *
 * | Variable | Default | Used for |
 * |---|---|---|
 * | `--kw-ui-accent` | `#1f6cc2` | sliders, checked controls, focus ring |
 * | `--kw-ui-radius` | `6px` | corners of fields and badges |
 * | `--kw-ui-border` | `#6b7280` | field borders |
 * | `--kw-ui-muted` | `#4b5563` | hints |
 * | `--kw-ui-danger` | `#b3261e` | error messages and problem badges |
 * | `--kw-ui-ok` | `#0b6b3a` | badges of a device that charges or has charged |
 * | `--kw-ui-waiting` | `#8a4b00` | badges of a device waiting for its hours |
 */
export const cssVar = {
  accent: 'var(--kw-ui-accent, #1f6cc2)',
  radius: 'var(--kw-ui-radius, 6px)',
  border: 'var(--kw-ui-border, #6b7280)',
  muted: 'var(--kw-ui-muted, #4b5563)',
  danger: 'var(--kw-ui-danger, #b3261e)',
  ok: 'var(--kw-ui-ok, #0b6b3a)',
  waiting: 'var(--kw-ui-waiting, #8a4b00)',
} as const;

export const fieldset: CSSProperties = {
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'grid',
  gap: '0.5rem',
};
export const legend: CSSProperties = { fontWeight: 600, padding: 0, marginBottom: '0.25rem' };
export const row: CSSProperties = { display: 'flex', alignItems: 'center', gap: '0.5rem', flexWrap: 'wrap' };
export const field: CSSProperties = {
  font: 'inherit',
  color: 'inherit',
  background: 'transparent',
  border: `1px solid ${cssVar.border}`,
  borderRadius: cssVar.radius,
  padding: '0.25rem 0.5rem',
};
export const hint: CSSProperties = { color: cssVar.muted, fontSize: '0.875em', margin: 0 };
export const error: CSSProperties = { color: cssVar.danger, fontSize: '0.875em', margin: 0 };

/** Join class names, leaving out empty ones. */
export function classNames(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
