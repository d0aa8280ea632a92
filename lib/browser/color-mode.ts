import { STORAGE_KEYS } from './storage';
import type { SiteConfig } from '../site/schema';

/**
 * next-themes settings for the configured colour mode. With `respectPrefersColorScheme`, a cleared
 * choice follows the system; otherwise it falls back to `defaultMode`. `disableSwitch` pins the
 * default mode unless the system preference is respected.
 */
export function themeSettings(colorMode: SiteConfig['colorMode']) {
  const followSystem = colorMode.respectPrefersColorScheme;
  return {
    attribute: 'class' as const,
    storageKey: STORAGE_KEYS.theme,
    themes: ['light', 'dark'],
    enableSystem: followSystem,
    defaultTheme: followSystem ? 'system' : colorMode.defaultMode,
    forcedTheme: colorMode.disableSwitch && !followSystem ? colorMode.defaultMode : undefined,
  };
}
