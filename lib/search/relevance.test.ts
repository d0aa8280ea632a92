import { beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine } from './engine';
import {
  answers,
  formatRelevance,
  measureRelevance,
  PARTNER_FLOORS,
  QUERY_KINDS,
  RELEVANCE_BARS,
  withErrorReference,
  type RelevanceFigures,
} from './relevance';
import { PARTNER_DEV_SET } from './fixtures/partner-dev';
import { PARTNER_HELD_OUT_SET, PARTNER_TUNING_SET } from './fixtures/partner-queries';
import { RELEVANCE_SET } from './fixtures/relevance-set';
import { storedRecord } from './records';
import { getSitePassages, getSiteSearchIndex } from './site';

// The site's real index: the guides (contentlayer, built by `npm run typecheck`), the API model and the
// TypeDoc JSON (built by `npm run test:unit`'s pre-step), searched by the engine the browser runs.
// Read in the hook of a describe that holds every test, not as the file loads nor in a hook of the file: a
// failure to build the index fails the tests. Stryker's vitest runner (9.5) reads tests skipped by a failed
// file-level hook as passing.
let index: ReturnType<typeof getSiteSearchIndex>;
let figures: RelevanceFigures;
let partner: RelevanceFigures;
let heldOut: RelevanceFigures;
let dev: RelevanceFigures;
const WHOLE = [...RELEVANCE_SET, ...PARTNER_TUNING_SET, ...PARTNER_HELD_OUT_SET, ...PARTNER_DEV_SET];

describe('the site index', () => {
  beforeAll(() => {
    index = getSiteSearchIndex();
    const passages = getSitePassages();
    const engine = new SearchEngine(index, passages);
    const keyed = (set: typeof RELEVANCE_SET) => withErrorReference(set, index, passages);
    figures = measureRelevance(engine, keyed(RELEVANCE_SET));
    partner = measureRelevance(engine, keyed(PARTNER_TUNING_SET));
    heldOut = measureRelevance(engine, keyed(PARTNER_HELD_OUT_SET));
    dev = measureRelevance(engine, keyed(PARTNER_DEV_SET));
  });

  describe('the relevance set', () => {
    it('has at least 250 queries, a third of the partner-written ones held out, every kind in each part, and no query twice', () => {
      expect(WHOLE.length).toBeGreaterThanOrEqual(250);
      const written = PARTNER_TUNING_SET.length + PARTNER_HELD_OUT_SET.length;
      // About a third: every third query of each kind as the reader wrote them.
      expect(PARTNER_HELD_OUT_SET.length).toBeGreaterThanOrEqual(Math.floor(written * 0.3));
      for (const part of [RELEVANCE_SET, PARTNER_TUNING_SET, PARTNER_HELD_OUT_SET, PARTNER_DEV_SET])
        for (const kind of QUERY_KINDS)
          expect(
            part.some((entry) => entry.kind === kind),
            kind,
          ).toBe(true);
      const queries = WHOLE.map((entry) => entry.query.toLowerCase());
      expect(queries.filter((query, at) => queries.indexOf(query) !== at)).toEqual([]);
    });

    it('weighs a page\'s "Next steps" below the sections it points to, and the errors reference as a page of errors', () => {
      const records = index.records.map(storedRecord);
      const signposts = records.filter((record) => record.title === 'Next steps');
      expect(signposts.length).toBeGreaterThan(5);
      for (const record of signposts) expect(record.weight, record.url).toBeLessThanOrEqual(0.5);
      expect(index.errorPages).toEqual(['/docs/errors']);
    });

    it("counts a pasted error answered by the errors reference's section that quotes it, and nothing else", () => {
      const passages = getSitePassages();
      const [pasted, typed, shared, spread] = withErrorReference(
        [
          { query: 'Spot price area XX9 not found', kind: 'error', answers: ['/docs/spot-prices#errors'] },
          { query: 'spot price area not found', kind: 'task', answers: ['/docs/spot-prices#errors'] },
          // Words many messages share name no one section; words spread over a sentence about something else are no quote.
          { query: '404 device not found', kind: 'error', answers: ['/docs/user-management#errors'] },
          { query: '400 no spot price area for location', kind: 'error', answers: ['/docs/locations#errors'] },
        ],
        index,
        passages,
      );
      expect(pasted?.answers).toEqual(['/docs/spot-prices#errors', '/docs/errors#spot-price-area-not-found']);
      // Only a pasted error, and only the reference: the operations that quote the message as an example do not count.
      expect(typed?.answers).toEqual(['/docs/spot-prices#errors']);
      expect(shared?.answers).toEqual(['/docs/user-management#errors']);
      expect(spread?.answers).toEqual(['/docs/locations#errors']);
      const added = withErrorReference(WHOLE, index, passages).flatMap((entry, at) =>
        entry.answers.filter((answer) => !WHOLE[at]?.answers.includes(answer)),
      );
      expect(added.length).toBeGreaterThan(5);
      for (const answer of added) expect(answer).toMatch(/^\/docs\/errors#/);
    });

    it('names only answers the index holds', () => {
      const urls = index.records.map((entry) => storedRecord(entry).url);
      // A member anchor (an interface's property) is a result URL without a record of its own.
      const found = (answer: string) =>
        urls.some((url) => answers(answer, url) || answers(answer.replace(/#[^#]*$/, ''), url));
      const unknown = WHOLE.flatMap((entry) =>
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

    it('holds its floors on the partner-written queries it was tuned on', () => {
      const report = formatRelevance(partner).join('\n');
      expect(partner.hitAt1, report).toBeGreaterThanOrEqual(PARTNER_FLOORS.tuning.hitAt1);
      expect(partner.hitAt3, report).toBeGreaterThanOrEqual(PARTNER_FLOORS.tuning.hitAt3);
      expect(partner.mrr, report).toBeGreaterThanOrEqual(PARTNER_FLOORS.tuning.mrr);
    });

    it('holds its floors on the held-out queries, whose misses it does not print (nobody tunes on them)', () => {
      const report = formatRelevance(heldOut)[0];
      expect(heldOut.hitAt1, report).toBeGreaterThanOrEqual(PARTNER_FLOORS.heldOut.hitAt1);
      expect(heldOut.hitAt3, report).toBeGreaterThanOrEqual(PARTNER_FLOORS.heldOut.hitAt3);
      expect(heldOut.mrr, report).toBeGreaterThanOrEqual(PARTNER_FLOORS.heldOut.mrr);
    });

    it('holds its floors on the development queries, whose misses it does not print either', () => {
      const report = formatRelevance(dev)[0];
      expect(dev.hitAt1, report).toBeGreaterThanOrEqual(PARTNER_FLOORS.dev.hitAt1);
      expect(dev.hitAt3, report).toBeGreaterThanOrEqual(PARTNER_FLOORS.dev.hitAt3);
      expect(dev.mrr, report).toBeGreaterThanOrEqual(PARTNER_FLOORS.dev.mrr);
    });
  });
});
