'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { themeSettings } from '@/lib/site/color-mode';
import type { SiteConfig } from '@/lib/site/schema';

/** Colour mode: a class on <html>, stored under `theme`, followed across tabs by next-themes. */
export function ThemeProvider({ colorMode, children }: { colorMode: SiteConfig['colorMode']; children: ReactNode }) {
  return (
    <NextThemesProvider {...themeSettings(colorMode)} enableColorScheme scriptProps={{ 'data-kw-script': 'colour-mode' }}>
      {children}
    </NextThemesProvider>
  );
}
