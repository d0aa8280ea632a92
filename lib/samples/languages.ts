/**
 * The languages of request samples, in tab order. `id` is what `kilowise.code-language` stores and what file names
 * use; `label` names the tab; `highlight` is the highlighter's language. The first is the default: the one that is
 * in the page's HTML.
 */
export const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', highlight: 'bash' },
  { id: 'javascript', label: 'JavaScript', highlight: 'js' },
  { id: 'node', label: 'Node.js', highlight: 'js' },
  { id: 'python', label: 'Python', highlight: 'python' },
  { id: 'go', label: 'Go', highlight: 'go' },
  { id: 'java', label: 'Java', highlight: 'java' },
  { id: 'csharp', label: 'C#', highlight: 'csharp' },
  { id: 'php', label: 'PHP', highlight: 'php' },
  { id: 'ruby', label: 'Ruby', highlight: 'ruby' },
  { id: 'kotlin', label: 'Kotlin', highlight: 'kotlin' },
  { id: 'kilowise-client', label: 'kilowise-client', highlight: 'ts' },
] as const;

export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];
export type SampleLanguageId = SampleLanguage['id'];
/** The languages one HTTP snippet library writes; kilowise-client's samples come from the SDK itself. */
export type HttpLanguageId = Exclude<SampleLanguageId, 'kilowise-client'>;

export const DEFAULT_SAMPLE_LANGUAGE: SampleLanguageId = 'curl';

/** Where the reader's language is remembered (localStorage), for `/api` and the playground alike. */
export const CODE_LANGUAGE_KEY = 'kilowise.code-language';

const byId = new Map<string, SampleLanguage>(SAMPLE_LANGUAGES.map((language) => [language.id, language]));

/** The language with this id, or undefined for anything else (a stale or hand-edited stored value). */
export function sampleLanguage(id: string | null | undefined): SampleLanguage | undefined {
  return id ? byId.get(id) : undefined;
}
