import { z } from 'zod';

/** Where `npm run inline:build` writes the bundled inline scripts of the layout (git-ignored). */
export const INLINE_SCRIPTS_PATH = '.generated/inline-scripts.json';

/** Each inline script of the layout and the module esbuild bundles it from. */
export const INLINE_SCRIPT_ENTRIES = {
  loadRecovery: 'lib/browser/load-recovery-entry.ts',
} as const;

export const inlineScriptsSchema = z.object({ loadRecovery: z.string().min(1) });
export type InlineScripts = z.infer<typeof inlineScriptsSchema>;
