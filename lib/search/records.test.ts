import { describe, expect, it } from 'vitest';
import { serializeIndex, serializePassages } from './engine';
import { isSerializedIndex, isSerializedPassages, storedRecord, type SearchRecord } from './records';

const record = (overrides: Partial<SearchRecord> & Pick<SearchRecord, 'kind' | 'title' | 'url'>): SearchRecord => ({
  breadcrumb: overrides.title,
  names: [],
  members: [],
  keywords: '',
  content: 'Prices for tomorrow arrive at 13:00.',
  ...overrides,
});

/** An index as the browser downloads it: what the build writes, through JSON. */
const downloaded = (): Record<string, unknown> =>
  JSON.parse(
    JSON.stringify(
      serializeIndex([
        record({ kind: 'guide', title: 'Spot prices', url: '/docs/spot-prices' }),
        record({ kind: 'guide', title: 'Spot prices', url: '/sdk/1.x/spot-prices', weight: 0.5 }),
        record({ kind: 'api', title: 'Register a charger', url: '/api#operation/registerCharger', names: ['a'] }),
      ]),
    ),
  ) as Record<string, unknown>;

describe('isSerializedIndex, the browser’s check of the downloaded index', () => {
  it('accepts what the build writes, records with and without a weight', () => {
    const index = downloaded();
    expect((index.records as unknown[][]).map((entry) => entry.length)).toEqual([6, 7, 6]);
    expect(isSerializedIndex(index)).toBe(true);
  });

  it.each([
    ['null', () => null],
    ['a string', () => 'index'],
    ['another version', (index: Record<string, unknown>) => ({ ...index, version: 1 })],
    ['records that are not a list', (index: Record<string, unknown>) => ({ ...index, records: {} })],
    ['a record that is not a list', (index: Record<string, unknown>) => ({ ...index, records: ['guide'] })],
    [
      'a record of five fields',
      (index: Record<string, unknown>) => ({ ...index, records: [['guide', 'T', 'B', '/u', []]] }),
    ],
    [
      'a seventh field that is not a weight',
      (index: Record<string, unknown>) => ({ ...index, records: [['guide', 'T', 'B', '/u', [], [], 'heavy']] }),
    ],
    [
      'a kind the dialog has no badge for',
      (index: Record<string, unknown>) => ({ ...index, records: [['video', 'T', 'B', '/u', [], []]] }),
    ],
    [
      'a URL that is not a string',
      (index: Record<string, unknown>) => ({ ...index, records: [['guide', 'T', 'B', 7, [], []]] }),
    ],
    ['no vocabulary', (index: Record<string, unknown>) => ({ ...index, vocabulary: undefined })],
    ['no postings', (index: Record<string, unknown>) => ({ ...index, postings: undefined })],
    ['postings that are not an object', (index: Record<string, unknown>) => ({ ...index, postings: 'x' })],
    [
      'postings without the leads',
      (index: Record<string, unknown>) => ({ ...index, postings: { title: '', keywords: '' } }),
    ],
    [
      'postings of a field that are not text',
      (index: Record<string, unknown>) => ({ ...index, postings: { title: '', keywords: [], lead: '' } }),
    ],
  ])('refuses %s', (_, broken) => {
    expect(isSerializedIndex(broken(downloaded()))).toBe(false);
  });
});

describe('isSerializedPassages, the browser’s check of the second stage', () => {
  const passages = () =>
    JSON.parse(
      JSON.stringify(
        serializePassages([
          record({ kind: 'guide', title: 'Spot prices', url: '/docs/spot-prices' }),
          record({ kind: 'api', title: 'Register a charger', url: '/api#operation/registerCharger' }),
        ]),
      ),
    ) as Record<string, unknown>;

  it('accepts what the build writes, for an index of as many records', () => {
    expect(passages().sentences).toEqual([
      ['Prices for tomorrow arrive at 13:00.'],
      ['Prices for tomorrow arrive at 13:00.'],
    ]);
    expect(isSerializedPassages(passages(), 2)).toBe(true);
  });

  it.each([
    ['passages of an index of another size', (value: Record<string, unknown>) => value, 3],
    ['another version', (value: Record<string, unknown>) => ({ ...value, version: 1 }), 2],
    ['no vocabulary', (value: Record<string, unknown>) => ({ ...value, vocabulary: undefined }), 2],
    ['no text postings', (value: Record<string, unknown>) => ({ ...value, content: undefined }), 2],
    ['a sentence that is not text', (value: Record<string, unknown>) => ({ ...value, sentences: [[1], []] }), 2],
    ['fewer lists of sentences than records', (value: Record<string, unknown>) => ({ ...value, sentences: [[]] }), 2],
  ])('refuses %s', (_, broken, records) => {
    expect(isSerializedPassages(broken(passages()), records)).toBe(false);
  });
});

describe('storedRecord', () => {
  it('reads a record’s fields by position, with weight 1 when the entry has none', () => {
    expect(storedRecord(['api', 'Register', 'API › Chargers', '/api#operation/registerCharger', ['a'], ['b']])).toEqual(
      {
        kind: 'api',
        title: 'Register',
        breadcrumb: 'API › Chargers',
        url: '/api#operation/registerCharger',
        names: ['a'],
        members: ['b'],
        weight: 1,
      },
    );
    expect(storedRecord(['guide', 'T', 'B', '/sdk/1.x/t', [], [], 0.5]).weight).toBe(0.5);
  });

  it('reads back a breadcrumb the index wrote without the title it ends with, and any other as written', () => {
    const records = [
      record({
        kind: 'guide',
        title: 'Charge now',
        url: '/docs/a#b',
        breadcrumb: 'Docs › Smart charging › Charge now',
      }),
      record({ kind: 'api', title: 'Start charging', url: '/api#operation/s', breadcrumb: 'API › Smart charging' }),
      record({ kind: 'guide', title: 'Now', url: '/docs/c', breadcrumb: 'Docs › Charge now' }),
    ];
    const serialized = serializeIndex(records);
    expect(serialized.records[0]?.[2]).toBe('Docs › Smart charging ›');
    expect(serialized.records[2]?.[2]).toBe('Docs › Charge now');
    expect(serialized.records.map((entry) => storedRecord(entry).breadcrumb)).toEqual(
      records.map((entry) => entry.breadcrumb),
    );
  });

  it("reads back a URL the index wrote without its anchor when that is its title's, and any other as written", () => {
    const records = [
      record({ kind: 'guide', title: 'What currentSoC is', url: '/docs/smart-charging#what-currentsoc-is' }),
      record({
        kind: 'guide',
        title: "A sandbox key's queue is full",
        url: '/docs/errors#a-sandbox-keys-queue-is-full',
      }),
      // A repeated heading's anchor, one with a letter outside a-z, and an operation's are written whole.
      record({ kind: 'guide', title: 'Errors', url: '/docs/locations#errors-1' }),
      record({ kind: 'guide', title: 'Für alle', url: '/docs/x#für-alle' }),
      record({ kind: 'api', title: 'Start charging', url: '/api#operation/startCharging' }),
      record({ kind: 'guide', title: 'Locations', url: '/docs/locations' }),
    ];
    const serialized = serializeIndex(records);
    expect(serialized.records.map((entry) => entry[3])).toEqual([
      '/docs/smart-charging#',
      '/docs/errors#',
      '/docs/locations#errors-1',
      '/docs/x#für-alle',
      '/api#operation/startCharging',
      '/docs/locations',
    ]);
    expect(serialized.records.map((entry) => storedRecord(entry).url)).toEqual(records.map((entry) => entry.url));
  });
});

describe('the first stage', () => {
  it("leaves out of a lead's postings the terms its record's title or keywords hold, which count more there", () => {
    const index = serializeIndex([
      record({
        kind: 'guide',
        title: 'Charge now',
        url: '/docs/a#charge-now',
        content: 'Charge the car at once, now.',
      }),
    ]);
    expect(index.postings.title).toContain('charg:0');
    expect(index.postings.lead).not.toContain('charg:');
    expect(index.postings.lead).toContain('car:0');
  });

  it("matches a section's search terms by stem in its keywords, and corrects their typos with the second stage", () => {
    const termed = record({ kind: 'guide', title: 'Charge now', url: '/docs/a#charge-now', terms: 'boosting' });
    const index = serializeIndex([termed]);
    expect(index.postings.keywords).toContain('boost:0');
    expect(index.postings.keywords).not.toContain('boosting');
    expect(index.vocabulary).not.toContain('boosting');
    expect(serializePassages([termed]).vocabulary).toContain('boosting');
  });
});
