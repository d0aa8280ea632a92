import {
  CODE_LANGUAGE_KEY,
  DEFAULT_SAMPLE_LANGUAGE,
  sampleLanguage,
  type SampleLanguageId,
} from '../samples/languages';
import { createSafeStorage } from './storage';

const storage = createSafeStorage('the language of code samples');
const listeners = new Set<() => void>();

/** The reader's sample language: the stored one, else curl (a stale or unknown stored value counts as none). */
export function readCodeLanguage(): SampleLanguageId {
  return sampleLanguage(storage.get(CODE_LANGUAGE_KEY))?.id ?? DEFAULT_SAMPLE_LANGUAGE;
}

/** Remembers the reader's choice; every listener in this tab hears it, and other tabs through the storage event. */
export function writeCodeLanguage(id: SampleLanguageId): void {
  if (readCodeLanguage() === id) return;
  storage.set(CODE_LANGUAGE_KEY, id);
  for (const listener of listeners) listener();
}

/** Calls `listener` when the language changes here or in another tab; returns the unsubscribe. */
export function subscribeCodeLanguage(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CODE_LANGUAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
