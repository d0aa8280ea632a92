'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import { useEffect, type ReactNode } from 'react';
import { createSafeStorage, STORAGE_KEYS } from '@/lib/browser/storage';
import { themeSettings } from '@/lib/browser/color-mode';
import type { SiteConfig } from '@/lib/site/schema';

const themeStorage = createSafeStorage('the colour mode');

/** Colour mode: a class on <html>, stored under `theme`, followed across tabs by next-themes. */
export function ThemeProvider({ colorMode, children }: { colorMode: SiteConfig['colorMode']; children: ReactNode }) {
  // next-themes swallows storage errors; reading the key once through the safe storage logs the warning
  // every other stored preference logs when storage is blocked.
  useEffect(() => {
    themeStorage.get(STORAGE_KEYS.theme);
  }, []);
  return (
    <NextThemesProvider
      {...themeSettings(colorMode)}
      enableColorScheme
      scriptProps={{ 'data-kw-script': 'colour-mode' }}
    >
      {children}
    </NextThemesProvider>
  );
}
