import { bundleInlineScript } from '@/lib/build/inline-script';

let bundled: string | undefined;

/**
 * The /api landing script (components/api/landing/), bundled once per build process: its anchor rules are
 * lib/openapi/anchors.ts itself, not a copy. Its tag carries the published aliases in `data-aliases`.
 */
export function landingScript(): string {
  bundled ??= bundleInlineScript('components/api/landing/entry.ts');
  return bundled;
}
