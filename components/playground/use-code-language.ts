import { useSyncExternalStore } from 'react';
import { readCodeLanguage, subscribeCodeLanguage } from '@/lib/browser/code-language';
import { DEFAULT_SAMPLE_LANGUAGE, type SampleLanguageId } from '@/lib/samples/languages';

/** The reader's sample language, kept in step with other tabs; curl while rendering on the server. */
export function useCodeLanguage(): SampleLanguageId {
  return useSyncExternalStore(subscribeCodeLanguage, readCodeLanguage, () => DEFAULT_SAMPLE_LANGUAGE);
}
