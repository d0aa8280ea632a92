import type { BrandLogo } from './brand';

/** The backgrounds a logo must stand out on: the site's light and dark page colours. */
export const LIGHT_BACKGROUND = '#ffffff';
export const DARK_BACKGROUND = '#1b1b1d';

/** WCAG relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

/** White or near-black, whichever reads better on `color`. */
export function textColorOn(color: string): string {
  return contrast('#ffffff', color) >= contrast('#111111', color) ? '#ffffff' : '#111111';
}

/** An outline when the mark alone would not stand out on the background (under 3:1, WCAG's bar for graphics). */
function outlineOn(color: string, background: string): string | undefined {
  if (contrast(color, background) >= 3) return undefined;
  return background === LIGHT_BACKGROUND ? '#5c6575' : '#c9ced6';
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function monogramSvg(name: string, initials: string, color: string, outline: string | undefined): string {
  const fontSize = initials.length <= 2 ? 13 : initials.length === 3 ? 10.5 : 8.5;
  const stroke = outline ? ` stroke="${outline}" stroke-width="1.5"` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" role="img" aria-label="${escapeXml(name)}">` +
    `<title>${escapeXml(name)}</title>` +
    `<rect x="1" y="1" width="30" height="30" rx="7" fill="${color}"${stroke}/>` +
    `<text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${fontSize}" font-weight="700" fill="${textColorOn(color)}">${escapeXml(initials)}</text>` +
    '</svg>'
  );
}

/**
 * An original monogram logo: the make's initials on a rounded square in its brand colour, legible on it,
 * with an outline where the square would disappear into the page (a black mark on a dark page).
 */
export function monogramLogo(name: string, initials: string, color: string): BrandLogo {
  return {
    light: monogramSvg(name, initials, color, outlineOn(color, LIGHT_BACKGROUND)),
    dark: monogramSvg(name, initials, color, outlineOn(color, DARK_BACKGROUND)),
  };
}
