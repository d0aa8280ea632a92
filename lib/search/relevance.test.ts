import { beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine } from './engine';
import {
  answers,
  formatRelevance,
  measureRelevance,
  QUERY_KINDS,
  RELEVANCE_BARS,
  type RelevanceFigures,
} from './relevance';
import { RELEVANCE_SET } from './fixtures/relevance-set';
import { storedRecord } from './records';
import { getSiteSearchIndex } from './site';

// The site's real index: the guides (contentlayer, built by `npm run typecheck`), the API model and the
// TypeDoc JSON (built by `npm run test:unit`'s pre-step), searched by the engine the browser runs.
// Read in the hook of a describe that holds every test, not as the file loads nor in a hook of the file: a
// failure to build the index fails the tests. Stryker's vitest runner (9.5) reads tests skipped by a failed
// file-level hook as passing.
let index: ReturnType<typeof getSiteSearchIndex>;
let figures: RelevanceFigures;

describe('the site index', () => {
  beforeAll(() => {
    index = getSiteSearchIndex();
    figures = measureRelevance(new SearchEngine(index), RELEVANCE_SET);
  });

  describe('the relevance set', () => {
    it('has at least 80 queries, every kind among them, and no query twice', () => {
      expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(80);
      for (const kind of QUERY_KINDS)
        expect(
          RELEVANCE_SET.some((entry) => entry.kind === kind),
          kind,
        ).toBe(true);
      const queries = RELEVANCE_SET.map((entry) => entry.query.toLowerCase());
      expect(queries.filter((query, at) => queries.indexOf(query) !== at)).toEqual([]);
    });

    it('names only answers the index holds', () => {
      const urls = index.records.map((entry) => storedRecord(entry).url);
      // A member anchor (an interface's property) is a result URL without a record of its own.
      const found = (answer: string) =>
        urls.some((url) => answers(answer, url) || answers(answer.replace(/#[^#]*$/, ''), url));
      const unknown = RELEVANCE_SET.flatMap((entry) =>
        entry.answers.filter((answer) => !found(answer)).map((answer) => `${entry.query}: ${answer}`),
      );
      expect(unknown).toEqual([]);
    });
  });

  describe('search relevance on the site index', () => {
    it(`reaches hit@1 ≥ ${RELEVANCE_BARS.hitAt1}, hit@3 ≥ ${RELEVANCE_BARS.hitAt3} and MRR ≥ ${RELEVANCE_BARS.mrr}`, () => {
      const report = formatRelevance(figures).join('\n');
      expect(figures.hitAt1, report).toBeGreaterThanOrEqual(RELEVANCE_BARS.hitAt1);
      expect(figures.hitAt3, report).toBeGreaterThanOrEqual(RELEVANCE_BARS.hitAt3);
      expect(figures.mrr, report).toBeGreaterThanOrEqual(RELEVANCE_BARS.mrr);
    });
  });
});
