import { bundleInlineScript } from '@/lib/build/inline-script';

let bundled: string | undefined;

/**
 * The /api landing script (lib/browser/inline/api-landing.ts), bundled once per build process: its anchor rules are
 * lib/openapi/anchors.ts itself, not a copy. Its tag carries the published aliases in `data-aliases`.
 */
export function landingScript(): string {
  bundled ??= bundleInlineScript('lib/browser/inline/api-landing.ts');
  return bundled;
}
