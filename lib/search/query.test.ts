import { describe, expect, it } from 'vitest';
import { analyseQuery, indexTerms, isErrorLike, isQuestion } from './query';
import { closestWords } from './text';

const VOCABULARY = [
  'spot',
  'price',
  'prices',
  'wallbox',
  'charging',
  'charge',
  'start',
  'now',
  'heat',
  'pump',
  'rate',
  'limit',
  'requests',
];
const KNOWN = new Set(VOCABULARY);
const read = (query: string) => analyseQuery(query, VOCABULARY, KNOWN);

describe('indexTerms', () => {
  it('drops function words, keeps "no", "not", "now" and "off", and stems', () => {
    expect(indexTerms('How do I charge now? No spot prices, not off')).toEqual([
      'charg',
      'now',
      'no',
      'spot',
      'price',
      'not',
      'off',
    ]);
  });

  it('keeps units and acronyms whole and splits camelCase after two letters', () => {
    expect(indexTerms('kWh targetSoC getSpotPrices')).toEqual(['kwh', 'target', 'soc', 'spot', 'price']);
  });

  it('keeps the word as written beside its stem when asked, for prefixes typed', () => {
    expect(indexTerms('Locations', true)).toEqual(['locat', 'locations']);
  });
});

describe('isQuestion', () => {
  it('is true for a query opening with a question word or asked with a question mark, in any case', () => {
    for (const query of [
      'how do I charge now',
      'Why does connect return 200',
      'can i use a Wallbox',
      'should we use enode',
      'charge now?',
    ])
      expect(isQuestion(query), query).toBe(true);
    for (const query of ['charge now', 'howto', 'whichever charger', 'No spot prices for SE3', 'canceled session'])
      expect(isQuestion(query), query).toBe(false);
  });

  it('marks every reading of a question, and none of a keyword query', () => {
    expect(read('how do i charge now').readings.every((reading) => reading.question === true)).toBe(true);
    expect(read('charge now').readings.some((reading) => reading.question)).toBe(false);
  });
});

describe('isErrorLike', () => {
  it('is true for a status, an error word, a quoted field, a "No …" message or an error code', () => {
    for (const query of [
      '404 Location not found for user',
      'Wallbox rejected the credentials',
      'field "vendor" must be one of ["WALLBOX"]',
      'No spot prices for SE3 between',
      'RATE_LIMITED',
      'charger never comes online',
    ])
      expect(isErrorLike(query), query).toBe(true);
  });

  it('is false for a field, a task or an enum value', () => {
    for (const query of [
      'minimal soc',
      'chargingLocationIds',
      'ready time weekday',
      'SMART_CHARGE_OFF',
      'how do I charge now',
    ])
      expect(isErrorLike(query), query).toBe(false);
  });
});

describe('analyseQuery', () => {
  it('splits a joined word the index knows as two, and says so', () => {
    const analysed = read('spotprices');
    expect(analysed.readings[0]?.terms).toEqual(['spot', 'price']);
    expect(analysed.corrected).toBe('spot prices');
  });

  it('adds a reading with two words joined when the index knows the joined one', () => {
    expect(read('wall box').readings.map((reading) => reading.terms)).toContainEqual(['wallbox']);
  });

  it('adds a reading per synonym, weighted below the query as typed', () => {
    const readings = read('charge now').readings;
    expect(readings[0]).toMatchObject({ terms: ['charg', 'now'], weight: 1 });
    expect(readings.find((reading) => reading.terms.join(' ') === 'start charg')?.weight).toBeLessThan(1);
    expect(read('429').readings.map((reading) => reading.terms.join(' '))).toEqual(
      expect.arrayContaining(['429', 'rate limit', 'too mani request']),
    );
  });

  it('never corrects a form of a word the index holds: "timed" is "time", not a typo of "tied"', () => {
    const vocabulary = ['tied', 'time', 'timeline'];
    expect(analyseQuery('timed out', vocabulary, new Set(vocabulary)).corrected).toBeUndefined();
    expect(analyseQuery('tiemline', vocabulary, new Set(vocabulary)).corrected).toBe('timeline');
  });

  it('never corrects a word of the synonym list to another word: it is read through its synonym', () => {
    // "fast" is one letter from "east"; the docs say "advance the clock", the synonym of "fast forward".
    const analysed = analyseQuery(
      'fast forward the clock',
      ['east', 'forward', 'advance', 'clock'],
      new Set(['east', 'forward', 'advance', 'clock']),
    );
    expect(analysed.corrected).toBeUndefined();
    expect(analysed.readings.map((entry) => entry.terms)).toContainEqual(['advanc', 'clock']);
    expect(analysed.readings.flatMap((entry) => entry.terms)).not.toContain('east');
  });

  it('keeps the last word as typed, for a prefix, unless the query ends in a space', () => {
    expect(read('start charging').readings[0]?.partial).toBe('charging');
    expect(read('charging ').readings[0]?.partial).toBeUndefined();
  });

  it('keeps function words when the query is nothing else', () => {
    expect(read('how to').readings[0]?.terms).toEqual(['how', 'to']);
  });
});

describe('closestWords', () => {
  it('offers the nearest indexed words, nearest first', () => {
    expect(closestWords('wallbux chrging', VOCABULARY)).toEqual(['wallbox', 'charging']);
    expect(closestWords('zzzzqqq', VOCABULARY)).toEqual([]);
  });
});
