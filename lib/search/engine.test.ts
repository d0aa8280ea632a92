import { beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine, serializeIndex } from './engine';
import { groupByPage, orderByPage, type SearchResult } from './results';
import type { SearchKind, SearchRecord } from './records';
import { serializedIndexSchema, serializedPassagesSchema } from './schema';
import { serializePassages } from './serialize';

const record = (overrides: Partial<SearchRecord> & Pick<SearchRecord, 'kind' | 'title' | 'url'>): SearchRecord => ({
  breadcrumb: overrides.title,
  names: [],
  members: [],
  keywords: '',
  content: '',
  ...overrides,
});

const RECORDS: SearchRecord[] = [
  record({
    kind: 'guide',
    title: 'Spot prices',
    url: '/docs/spot-prices',
    content: 'Kilowise publishes day-ahead prices for every bidding zone.',
  }),
  record({
    kind: 'guide',
    title: 'Charger preferences',
    url: '/docs/chargers#charger-preferences',
    content: 'A charger follows the spot price of its area when smart charging is on.',
  }),
  record({
    kind: 'guide',
    title: 'Register an OCPP charger',
    url: '/docs/chargers#register-an-ocpp-charger',
    keywords: 'register-charger registerCharger',
    content: 'Call the register charger endpoint with the vendor id.',
  }),
  record({
    kind: 'api',
    title: 'Register a charger',
    url: '/api#operation/registerCharger',
    names: ['registerCharger', '/v2/kilowise/devices/register-charger', 'register-charger'],
    members: ['X-User-Id'],
    keywords: 'POST /v2/kilowise/devices/register-charger registerCharger Devices',
  }),
  record({
    kind: 'schema',
    title: 'VehicleChargingBehavior',
    url: '/api#schema/VehicleChargingBehavior',
    names: ['VehicleChargingBehavior'],
    members: ['SMART_CHARGE_OFF', 'SMART_CHARGE_AT_LOCATION', 'SMART_CHARGE_ANYWHERE'],
    keywords: 'VehicleChargingBehavior SMART_CHARGE_OFF SMART_CHARGE_AT_LOCATION SMART_CHARGE_ANYWHERE',
  }),
  record({
    kind: 'type',
    title: 'VehiclePreferences',
    url: '/sdk/packages/kilowise-client/typedoc/interfaces/VehiclePreferences',
    names: ['VehiclePreferences'],
    members: ['chargingBehavior', 'weekDaySpecificReadyTimes'],
    keywords: 'VehiclePreferences chargingBehavior weekDaySpecificReadyTimes',
    content: 'How Kilowise smart charges a vehicle.',
  }),
  record({
    kind: 'schema',
    title: 'WeekDaySpecificReadyTimes',
    url: '/api#schema/WeekDaySpecificReadyTimes',
    names: ['WeekDaySpecificReadyTimes'],
    keywords: 'WeekDaySpecificReadyTimes',
  }),
  record({
    kind: 'guide',
    title: 'Locations',
    url: '/docs/locations',
    content: 'Adding a location fails with 400 when no spot price area is found for it.',
  }),
];

/** The engine as the browser gets it: both stages serialized to JSON and read back. */
function engineFor(records: readonly SearchRecord[]): SearchEngine {
  const json = JSON.parse(JSON.stringify(serializeIndex(records))) as unknown;
  const passages = JSON.parse(JSON.stringify(serializePassages(records))) as unknown;
  return new SearchEngine(serializedIndexSchema.parse(json), serializedPassagesSchema.parse(passages));
}

let engine: SearchEngine;
const top = (query: string) => engine.search(query).results.map((result) => result.url);

describe('SearchEngine ranking', () => {
  // Built in the describe's hook, not as the file loads nor in a hook of the file: a failure to build fails
  // these tests. Stryker's vitest runner (9.5) reads tests skipped by a failed file-level hook as passing.
  beforeAll(() => {
    engine = engineFor(RECORDS);
  });

  it('ranks the record an exact identifier names first: operationId, path segment, enum value', () => {
    expect(top('register-charger')[0]).toBe('/api#operation/registerCharger');
    expect(top('registerCharger')[0]).toBe('/api#operation/registerCharger');
    expect(top('/v2/kilowise/devices/register-charger')[0]).toBe('/api#operation/registerCharger');
    expect(top('SMART_CHARGE_AT_LOCATION')[0]).toBe('/api#schema/VehicleChargingBehavior');
  });

  it('puts the record an identifier names above the records that hold it, and links to the member', () => {
    const results = engine.search('weekDaySpecificReadyTimes').results;
    expect(results[0]?.url).toBe('/api#schema/WeekDaySpecificReadyTimes');
    expect(results[1]).toMatchObject({
      url: '/sdk/packages/kilowise-client/typedoc/interfaces/VehiclePreferences#weekDaySpecificReadyTimes',
      member: 'weekDaySpecificReadyTimes',
    });
  });

  it('ranks a section whose title matches above a passing mention', () => {
    const results = top('spot price');
    expect(results[0]).toBe('/docs/spot-prices');
    expect(results).toContain('/docs/chargers#charger-preferences');
    expect(results.indexOf('/docs/spot-prices')).toBeLessThan(results.indexOf('/docs/chargers#charger-preferences'));
  });

  it('matches prefixes as you type', () => {
    expect(top('spot pri')[0]).toBe('/docs/spot-prices');
    expect(top('regis')).toContain('/api#operation/registerCharger');
  });

  it('tolerates small typos and says what it searched for', () => {
    const response = engine.search('spot prise');
    expect(response.correctedQuery).toBe('spot price');
    expect(response.results[0]?.url).toBe('/docs/spot-prices');
    expect(engine.search('chargr preferences').results[0]?.url).toBe('/docs/chargers#charger-preferences');
  });

  it('finds an error message in the text', () => {
    expect(top('no spot price area')).toContain('/docs/locations');
  });

  it('returns nothing for an empty query or unknown words', () => {
    expect(engine.search('   ').results).toEqual([]);
    expect(engine.search('zzzzqqq').results).toEqual([]);
  });

  it('groups sections under their page, pages in the order of their best section', () => {
    const result = (url: string, breadcrumb: string, kind: SearchKind = 'guide') => ({
      record: { kind, title: breadcrumb.split(' › ').at(-1) ?? '', breadcrumb, url, names: [], members: [], weight: 1 },
      url,
      score: 1,
    });
    const a1 = result('/docs/a#one', 'Docs › A › One');
    const b = result('/docs/b', 'Docs › B');
    const a2 = result('/docs/a#two', 'Docs › A › Two');
    const op = result('/api#operation/x', 'API › Devices › GET /x', 'api');
    const a3 = result('/docs/a#three', 'Docs › A › Three');
    const groups = groupByPage([a1, b, a2, op, a3]);
    expect(groups.map((group) => [group.page.label, group.results.map((entry) => entry.url)])).toEqual([
      ['Docs › A', ['/docs/a#one', '/docs/a#two', '/docs/a#three']],
      ['Docs › B', ['/docs/b']],
      ['API › Devices', ['/api#operation/x']],
    ]);
    expect(orderByPage([a1, b, a2, op, a3], 2).map((entry) => entry.url)).toEqual([
      '/docs/a#one',
      '/docs/a#two',
      '/docs/b',
      '/api#operation/x',
    ]);
  });
});

describe('serializeIndex', () => {
  it('writes records, vocabulary and postings that a new engine reads back', () => {
    const serialized = serializeIndex(RECORDS);
    expect(serialized.records).toHaveLength(RECORDS.length);
    expect(serialized.records[3]).toEqual([
      'api',
      'Register a charger',
      'Register a charger',
      '/api#operation/registerCharger',
      RECORDS[3]?.names,
      ['X-User-Id'],
    ]);
    expect(serialized.vocabulary).toEqual(expect.arrayContaining(['spot', 'prices', 'charger']));
    expect(serialized.postings.title.split(' ')).toEqual(expect.arrayContaining(['spot:0', 'price:0']));
    expect(Object.keys(serialized.postings)).toEqual(['title', 'keywords', 'lead']);
    expect(engineFor(RECORDS).size).toBe(RECORDS.length);
  });
});

describe('record weight', () => {
  it('ranks a record of an older docs version below its current counterpart', () => {
    const records: SearchRecord[] = [
      record({ kind: 'sdk', title: 'Getting started', url: '/sdk/1.x/getting-started', weight: 0.6 }),
      record({ kind: 'sdk', title: 'Getting started', url: '/sdk/getting-started' }),
    ];
    const serialized = serializeIndex(records);
    expect(serialized.records[0]).toHaveLength(7);
    expect(serialized.records[1]).toHaveLength(6);
    expect(
      engineFor(records)
        .search('getting started')
        .results.map((result) => result.url),
    ).toEqual(['/sdk/getting-started', '/sdk/1.x/getting-started']);
  });
});

describe('a page that explains error messages', () => {
  const records: SearchRecord[] = [
    record({
      kind: 'guide',
      title: 'minimalSoC above targetSoC',
      url: '/docs/errors#minimalsoc-above-targetsoc',
      content: 'The minimal SoC must not be above the target SoC: send a minimal SoC at or below it.',
    }),
    record({
      kind: 'guide',
      title: 'Vehicle preferences',
      url: '/docs/smart-charging#vehicle-preferences',
      content: 'The target SoC is where charging stops; the minimal SoC is charged at once, whatever the price.',
    }),
  ];
  const urls = (engine: SearchEngine, query: string) => engine.search(query).results.map((result) => result.url);

  it('comes after the guide that explains a field, and first for the error, when the index names it', () => {
    const named = (() => {
      const json = JSON.parse(JSON.stringify(serializeIndex(records, ['/docs/errors']))) as unknown;
      return new SearchEngine(serializedIndexSchema.parse(json), serializePassages(records));
    })();
    expect(urls(named, 'minimal soc')[0]).toBe('/docs/smart-charging#vehicle-preferences');
    expect(urls(named, 'minimalSoC must not be above targetSoC')[0]).toBe('/docs/errors#minimalsoc-above-targetsoc');
    // Without the page named, its title's words win the field's query: the prior is what moves it.
    expect(urls(engineFor(records), 'minimal soc')[0]).toBe('/docs/errors#minimalsoc-above-targetsoc');
  });
});

describe('a title that says the query as a phrase', () => {
  it('ranks above a section whose text quotes the words with other words in between', () => {
    const records: SearchRecord[] = [
      record({
        kind: 'guide',
        title: "Today's prices",
        url: '/docs/dates#today',
        content: 'A day without prices answers 404 No spot prices between start and end of it. Ask for one local day.',
      }),
      record({
        kind: 'guide',
        title: 'No spot prices between start and end',
        url: '/docs/errors#no-spot-prices',
        // As the site weighs the errors reference.
        weight: 0.8,
        content: 'The answer "No spot prices for SE3 between 2026-01-01T00:00:00Z and …" means none are published.',
      }),
    ];
    expect(engineFor(records).search('No spot prices between start and end').results[0]?.url).toBe(
      '/docs/errors#no-spot-prices',
    );
  });
});

describe('a title that says most of a pasted message', () => {
  it('ranks above an operation that lists the status and some of the words', () => {
    const records: SearchRecord[] = [
      record({
        kind: 'api',
        title: 'Update a location',
        url: '/api#operation/updateLocation',
        keywords: 'PATCH 200 400 404',
        content: 'A location that is not found for the user answers 404.',
      }),
      record({
        kind: 'guide',
        title: 'Location not found for user',
        url: '/docs/errors#location-not-found-for-user',
        // As the site weighs the errors reference.
        weight: 0.8,
        content: "The location id is not one of this user's: list the user's locations and use one of theirs.",
      }),
    ];
    expect(engineFor(records).search('404 Location not found for user').results[0]?.url).toBe(
      '/docs/errors#location-not-found-for-user',
    );
  });
});

describe('everyday verbs of a question', () => {
  it('weigh less than the words of its subject: "put" in a passing sentence does not outrank the user id', () => {
    const records: SearchRecord[] = [
      record({
        kind: 'guide',
        title: 'The request log',
        url: '/docs/sandbox#the-request-log',
        content: 'Each request is kept with its user id, and a PUT with its body.',
      }),
      record({
        kind: 'guide',
        title: 'Passing the user id',
        url: '/docs/user-management#passing-the-user-id',
        content: 'Send the user id in the X-User-Id header of a request.',
      }),
    ];
    expect(engineFor(records).search('where do i put the user id').results[0]?.url).toBe(
      '/docs/user-management#passing-the-user-id',
    );
  });
});

describe('ranking for tasks, identifiers and error text', () => {
  let engine: SearchEngine;
  beforeAll(() => {
    engine = new SearchEngine(
      serializeIndex([
        record({
          kind: 'schema',
          title: 'DemandResponse',
          url: '/api#schema/DemandResponse',
          names: ['DemandResponse'],
          members: ['state'],
        }),
        record({ kind: 'type', title: 'DemandResponse', url: '/sdk/types/DemandResponse', names: ['DemandResponse'] }),
        record({
          kind: 'api',
          title: "Get a device's demand-response state",
          url: '/api#operation/getDemandResponse',
          names: ['getDemandResponse'],
          content: 'Whether the grid asked the device to hold back.',
        }),
        record({
          kind: 'guide',
          title: 'Find the spot price area',
          url: '/docs/spot-prices#find',
          content: 'Each location has a spot price area.',
        }),
        record({
          kind: 'guide',
          title: 'Errors',
          url: '/docs/locations#errors',
          content: 'A 400 says there is no spot price area for the location.',
        }),
        record({ kind: 'schema', title: 'SpotPriceArea', url: '/api#schema/SpotPriceArea', names: ['SpotPriceArea'] }),
      ]),
    );
  });
  const first = (query: string) => engine.search(query).results[0]?.url;

  it('puts the operation above a schema and a type with the same words, for a task in words', () => {
    expect(first('demand response')).toBe('/api#operation/getDemandResponse');
  });

  it('still puts an identifier’s own page first', () => {
    expect(['/api#schema/DemandResponse', '/sdk/types/DemandResponse']).toContain(first('DemandResponse'));
  });

  it('finds an error message as a phrase above titles with most of its words', () => {
    expect(first('no spot price area')).toBe('/docs/locations#errors');
  });
});

describe('common terms', () => {
  it('leaves out records that only a term in most records brings, when a rarer term of the query has hits', () => {
    const pages = ['Charge now', 'Charging sessions', 'Charger preferences', 'Charging schedule'].map((title, at) =>
      record({ kind: 'guide', title, url: `/docs/charging-${at}`, content: `${title} in words about charging.` }),
    );
    const rotate = record({
      kind: 'guide',
      title: 'Rotating the key',
      url: '/docs/account#rotating-the-key',
      content: 'Rotate the key before you charge again.',
    });
    const searched = engineFor([...pages, rotate]);
    // "charge" is in every record: with "rotate" in one, only that one is scored.
    expect(searched.search('rotate charge').results.map((result) => result.url)).toEqual([
      '/docs/account#rotating-the-key',
    ]);
    // Common terms alone still find every record that holds them.
    expect(searched.search('charge').results).toHaveLength(5);
  });
});

describe('a question', () => {
  it('finds the guide section that explains before the operation with the same words; a keyword query does not', () => {
    const engine = engineFor([
      record({
        kind: 'api',
        title: 'Get the charging sessions',
        url: '/api#operation/getChargingSessions',
        content: 'Lists the charging sessions of a device, past and under way.',
      }),
      record({
        kind: 'guide',
        title: 'Sessions',
        url: '/docs/smart-charging#sessions',
        content: 'A device lists its charging sessions: the one under way and the past ones, each with its energy.',
      }),
    ]);
    expect(engine.search('how do i list past charging sessions').results[0]?.url).toBe('/docs/smart-charging#sessions');
    expect(engine.search('list past charging sessions').results[0]?.url).toBe('/api#operation/getChargingSessions');
  });
});

describe('terms kept across searches', () => {
  it('answer a query as a cold engine does, while typing and after other queries', () => {
    const warm = engineFor(RECORDS);
    const typed = 'no spot price area';
    for (let at = 1; at <= typed.length; at += 1) warm.search(typed.slice(0, at));
    for (const query of ['spot price', 'ready times weekday', typed, 'charge', typed.slice(0, 7)])
      expect(warm.search(query)).toEqual(engineFor(RECORDS).search(query));
  });

  it('are searched again once the passages are in, whose text changes every match', () => {
    const records = [
      ...RECORDS,
      record({
        kind: 'guide',
        title: 'Sessions',
        url: '/docs/sessions',
        content: 'A session opens. It ends INTERRUPTED.',
      }),
    ];
    const staged = new SearchEngine(
      serializedIndexSchema.parse(JSON.parse(JSON.stringify(serializeIndex(records))) as unknown),
    );
    // "interrupted" is in the second sentence only: the text's, which the first stage has not.
    expect(staged.search('interrupted').results).toEqual([]);
    staged.attachPassages(
      serializedPassagesSchema.parse(JSON.parse(JSON.stringify(serializePassages(records))) as unknown),
    );
    expect(staged.search('interrupted').results.map((result) => result.url)).toEqual(['/docs/sessions']);
  });
});

describe('passages', () => {
  it('quotes the results the caller shows and no others; passageOf quotes the rest alike', () => {
    const searched = engineFor(RECORDS);
    const all = searched.search('spot price');
    expect(all.results.length).toBeGreaterThan(2);
    expect(all.results.every((result) => result.passage !== undefined)).toBe(true);
    const shown = searched.search('spot price', 30, (ranked) => [ranked[1] as SearchResult]);
    expect(shown.results.map((result) => result.url)).toEqual(all.results.map((result) => result.url));
    expect(shown.results.map((result) => result.passage !== undefined)).toEqual(all.results.map((_, at) => at === 1));
    expect(shown.results[1]?.passage).toBe(all.results[1]?.passage);
    expect(searched.passageOf(shown.results[0] as SearchResult, shown.terms)).toBe(all.results[0]?.passage);
  });
});

describe('prepareSentences', () => {
  it('stems every record a slice at a time, and the results and passages are those of a cold engine', () => {
    const warm = engineFor(RECORDS);
    const cold = engineFor(RECORDS);
    let slices = 1;
    // A budget of 0 still makes one record per call: the loop ends.
    while (!warm.prepareSentences(0)) slices += 1;
    expect(slices).toBe(RECORDS.length);
    expect(warm.prepareSentences(0)).toBe(true);
    for (const query of ['no spot price area', 'spot price', 'ready times weekday'])
      expect(warm.search(query)).toEqual(cold.search(query));
  });

  it('does nothing before the passages are in', () => {
    const firstStage = new SearchEngine(
      serializedIndexSchema.parse(JSON.parse(JSON.stringify(serializeIndex(RECORDS))) as unknown),
    );
    expect(firstStage.prepareSentences(5)).toBe(false);
  });
});

describe('words the index does not hold', () => {
  it('count against a reading: the synonym reading that finds every word wins ("fast forward" is "advance the clock")', () => {
    // As on the site, "time" and "sandbox" are common words; a missing word counts as one that ten records hold.
    const others = Array.from({ length: 40 }, (_, at) =>
      record({
        kind: 'guide',
        title: `Topic ${at}`,
        url: `/docs/topic-${at}`,
        content: `Topic ${at} of the sandbox, at any time.`,
      }),
    );
    const engine = engineFor([
      ...others,
      record({
        kind: 'guide',
        title: 'Time in the sandbox',
        url: '/docs/sandbox#time',
        content: 'The sandbox keeps its own time. The sandbox answers at any time.',
      }),
      record({
        kind: 'guide',
        title: 'The clock',
        url: '/docs/sandbox#the-clock',
        content: 'Advance the clock to see the sandbox play every charge in between.',
      }),
    ]);
    // Without the count, "fast" and "forward" (in no record) left "time sandbox" fully covered by the first record.
    expect(engine.search('fast forward time in the sandbox').results[0]?.url).toBe('/docs/sandbox#the-clock');
  });
});

describe('a limit', () => {
  it('keeps the first results of a longer list, in its order, equal scores included', () => {
    // Sections that match "billing" only by the heading above them score alike, and are told apart by their kind,
    // their titles' length, then their order; a section with the word in its title scores more.
    const under = (kind: SearchKind, title: string, at: number) =>
      record({ kind, title, url: `/docs/billing#${at}`, breadcrumb: `Docs › Billing › ${title}`, content: 'Text.' });
    const records: SearchRecord[] = [
      ...['Invoices', 'Credit', 'Invoices', 'Refunds', 'Tax', 'Credit', 'Invoices'].map((title, at) =>
        under('guide', title, at),
      ),
      under('sdk', 'Tax', 7),
      under('guide', 'Tax', 8),
      record({ kind: 'guide', title: 'Billing', url: '/docs/billing', content: 'How billing works.' }),
    ];
    const limited = engineFor(records);
    const all = limited.search('billing ', 30).results;
    expect(all).toHaveLength(records.length);
    expect(new Set(all.map((result) => result.score)).size).toBeLessThan(4);
    for (const limit of [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11])
      expect(limited.search('billing ', limit).results, `limit ${limit}`).toEqual(all.slice(0, limit));
  });
});
