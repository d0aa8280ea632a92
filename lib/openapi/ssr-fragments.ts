/**
 * Build-time HTML by fragment URL, filled by the server component and read by ApiReferenceView in the server render
 * of the same page (both run in one process).
 */
const registry = (): Map<string, string> => {
  const holder = globalThis as typeof globalThis & { __kilowiseSsrFragments?: Map<string, string> };
  holder.__kilowiseSsrFragments ??= new Map();
  return holder.__kilowiseSsrFragments;
};

export function registerSsrFragment(src: string, html: string): void {
  registry().set(src, html);
}

export function readSsrFragment(src: string): string {
  return registry().get(src) ?? '';
}
