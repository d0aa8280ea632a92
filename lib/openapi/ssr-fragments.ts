/** Fragments the server component registered for the server render of the same request. */
const registry = (): Map<string, string> => {
  const holder = globalThis as typeof globalThis & { __kilowiseSsrFragments?: Map<string, string> };
  holder.__kilowiseSsrFragments ??= new Map();
  return holder.__kilowiseSsrFragments;
};

export function registerSsrFragment(id: string, html: string): void {
  registry().set(id, html);
}

export function readSsrFragment(id: string): string {
  return registry().get(id) ?? '';
}
