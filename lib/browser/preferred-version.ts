import { createSafeStorage, STORAGE_KEYS } from './storage';
import type { DocsVersion } from '../site/versions';

const storage = () => createSafeStorage('the preferred docs version');
const listeners = new Set<() => void>();

/** The stored preferred version of an area, or null. */
export function readPreferredVersion(area: string): string | null {
  return storage().get(STORAGE_KEYS.preferredVersion(area));
}

/** Remembers the version the reader chose for an area (`kilowise.docs-preferred-version.{area}`). */
export function savePreferredVersion(area: string, name: string): void {
  storage().set(STORAGE_KEYS.preferredVersion(area), name);
  for (const listener of listeners) listener();
}

/** Clears a stored preference that names a version the site no longer has. */
export function clearStalePreferredVersion(area: string, versions: readonly DocsVersion[]): void {
  const stored = readPreferredVersion(area);
  if (stored !== null && !versions.some((version) => version.name === stored)) {
    storage().remove(STORAGE_KEYS.preferredVersion(area));
    for (const listener of listeners) listener();
  }
}

/** For useSyncExternalStore: changes in this tab and in other tabs. */
export function subscribePreferredVersion(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The version an area's navbar link should open: the stored one when it still exists, else the current. */
export function preferredVersion(versions: readonly DocsVersion[], stored: string | null): DocsVersion | undefined {
  return versions.find((version) => version.name === stored) ?? versions[0];
}
