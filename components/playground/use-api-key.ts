import { useState } from 'react';
import { createSafeStorage, STORAGE_KEYS } from '@/lib/browser/storage';

const keyStorage = createSafeStorage('the API key');

/**
 * The reader's API key: kept in the page's memory only, unless they ask this device to remember it (then in
 * localStorage, never in links or samples). The page renders in the browser only, so storage is read as state starts.
 */
export function useApiKey() {
  const [apiKey, setApiKey] = useState(() => keyStorage.get(STORAGE_KEYS.playgroundApiKey) ?? '');
  const [remember, setRemember] = useState(() => keyStorage.get(STORAGE_KEYS.playgroundApiKey) !== null);
  const [problem, setProblem] = useState<string>();
  return {
    apiKey,
    remember,
    /** What stops a live request: no key. */
    problem,
    setProblem,
    change(key: string) {
      setApiKey(key);
      setProblem(undefined);
      if (remember) keyStorage.set(STORAGE_KEYS.playgroundApiKey, key);
    },
    changeRemember(next: boolean) {
      setRemember(next);
      if (next && apiKey) keyStorage.set(STORAGE_KEYS.playgroundApiKey, apiKey);
      if (!next) keyStorage.remove(STORAGE_KEYS.playgroundApiKey);
    },
    forget() {
      setApiKey('');
      setRemember(false);
      keyStorage.remove(STORAGE_KEYS.playgroundApiKey);
    },
  };
}
