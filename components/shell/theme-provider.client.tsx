'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import type { ReactNode } from 'react';
import type { SiteConfig } from '@/lib/site/schema';
import { STORAGE_KEYS } from '@/lib/browser/storage';

/**
 * Colour mode: a class on <html>, stored under `theme`, followed across tabs by next-themes' storage
 * listener. With `respectPrefersColorScheme`, a cleared choice falls back to the system preference.
 */
export function ThemeProvider({ colorMode, children }: { colorMode: SiteConfig['colorMode']; children: ReactNode }) {
  const followSystem = colorMode.respectPrefersColorScheme;
  return (
    <NextThemesProvider
      attribute="class"
      storageKey={STORAGE_KEYS.theme}
      themes={['light', 'dark']}
      enableSystem={followSystem}
      defaultTheme={followSystem ? 'system' : colorMode.defaultMode}
      forcedTheme={colorMode.disableSwitch && !followSystem ? colorMode.defaultMode : undefined}
      enableColorScheme
      disableTransitionOnChange
    >
      {children}
    </NextThemesProvider>
  );
}
