'use client';

import { useTheme } from 'next-themes';
import { useMounted } from '@/hooks/use-mounted';

/** The toggle's exact label, which tests and screen-reader users rely on; `mode` is the colour mode in force now. */
export function themeToggleLabel(mode: 'light' | 'dark'): string {
  return `Switch between dark and light mode (currently ${mode} mode)`;
}

export function ThemeToggle({ defaultMode }: { defaultMode: 'light' | 'dark' }) {
  const { resolvedTheme, setTheme } = useTheme();
  const mounted = useMounted();
  const mode = mounted && resolvedTheme === 'dark' ? 'dark' : mounted ? 'light' : defaultMode;
  const label = themeToggleLabel(mode);
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={label}
      title={label}
      // Until hydration a click could not switch anything.
      disabled={!mounted}
      onClick={() => setTheme(mode === 'dark' ? 'light' : 'dark')}
    >
      {/* Both icons render; CSS shows the one for the mode in force, so the first paint is right. */}
      <svg className="theme-toggle__icon theme-toggle__icon--light" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 18a6 6 0 1 1 0-12 6 6 0 0 1 0 12Zm0-2a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM11 1h2v3h-2V1Zm0 19h2v3h-2v-3ZM3.5 4.9l1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1Zm12.7 12.7 1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1Zm2.1-14.1 1.4 1.4-2.1 2.1-1.4-1.4 2.1-2.1ZM5.6 16.2 7 17.6l-2.1 2.1-1.4-1.4 2.1-2.1ZM23 11v2h-3v-2h3ZM4 11v2H1v-2h3Z"
        />
      </svg>
      <svg className="theme-toggle__icon theme-toggle__icon--dark" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 7a7 7 0 0 0 12 4.9v.1c0 5.5-4.5 10-10 10S2 17.5 2 12 6.5 2 12 2h.1A7 7 0 0 0 10 7Zm-6 5a8 8 0 0 0 15.6 2.5A9 9 0 0 1 9.5 4.4 8 8 0 0 0 4 12Z"
        />
      </svg>
    </button>
  );
}
