import { z } from 'zod';

/** Where `npm run inline:build` writes the bundled inline scripts (git-ignored). */
export const INLINE_SCRIPTS_PATH = '.generated/inline-scripts.json';

/**
 * Every inline script of the site and the module esbuild bundles it from, ahead of time (`npm run inline:build`,
 * scripts/build-inline-scripts.ts): the one way an inline script is made. A script that needs a value of the page
 * reads it from its own tag's data attributes (`document.currentScript.dataset`), so its text, and so its hash in
 * the page's Content-Security-Policy, is the same on every page.
 */
export const INLINE_SCRIPT_ENTRIES = {
  /** Every page's <head>: reloads once when a chunk fails to load. */
  loadRecovery: 'lib/browser/inline/load-recovery.ts',
  /** Every page's <head>, when there is a bar: hides a dismissed announcement bar before first paint. */
  announcement: 'lib/browser/inline/announcement.ts',
  /** Each page: puts its page-type class on <html> while the HTML is parsed. */
  pageType: 'lib/browser/inline/page-type.ts',
  /** /api, the start of the reference: keeps the clicks and keys made before the page's scripts run. */
  apiEarlyEvents: 'lib/browser/inline/api-early-events.ts',
  /** /api, the end of the reference: makes the cards a link lands on whole while the page parses. */
  apiLanding: 'lib/browser/inline/api-landing.ts',
} as const;

export type InlineScriptName = keyof typeof INLINE_SCRIPT_ENTRIES;

const NAMES = Object.keys(INLINE_SCRIPT_ENTRIES) as [InlineScriptName, ...InlineScriptName[]];

export const inlineScriptsSchema = z.strictObject(
  Object.fromEntries(NAMES.map((name) => [name, z.string().min(1)])) as Record<InlineScriptName, z.ZodString>,
);
export type InlineScripts = z.infer<typeof inlineScriptsSchema>;
