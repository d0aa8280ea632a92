import type { HttpLanguageId } from '../languages';
import { csharp } from './csharp';
import { curl } from './curl';
import { go } from './go';
import { java } from './java';
import { javascript } from './javascript';
import { kotlin } from './kotlin';
import { node } from './node';
import { php } from './php';
import { python } from './python';
import { ruby } from './ruby';
import type { Target } from './target';

// The one table of the languages an HTTP sample is written in: each language's file says how its sample is made from
// @scalar/snippetz's (lib/samples/http.ts drives them all alike). Its keys are the HTTP languages of SAMPLE_LANGUAGES
// (languages.ts), which sets their order and names; the type makes a language without a target fail to compile.
export const TARGETS: Record<HttpLanguageId, Target> = {
  curl,
  javascript,
  node,
  python,
  go,
  java,
  csharp,
  php,
  ruby,
  kotlin,
};

export { API_KEY_ENV, drift, replaceExactly, type Target, type Told } from './target';
