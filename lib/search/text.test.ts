import { describe, expect, it } from 'vitest';
import { correctQuery, editDistance, looksLikeIdentifier, normaliseIdentifier, prefixTest, words } from './text';

describe('search text helpers', () => {
  it('splits words at case changes, underscores, dashes and slashes', () => {
    expect(words('weekDaySpecificReadyTimes')).toEqual(['week', 'day', 'specific', 'ready', 'times']);
    expect(words('SMART_CHARGE_AT_LOCATION')).toEqual(['smart', 'charge', 'at', 'location']);
    expect(words('POST /v2/kilowise/devices/register-charger')).toEqual([
      'post',
      'v2',
      'kilowise',
      'devices',
      'register',
      'charger',
    ]);
  });

  it('tells identifiers from words', () => {
    for (const identifier of [
      'SMART_CHARGE_AT_LOCATION',
      'register-charger',
      'weekDaySpecificReadyTimes',
      'ChargingSessionStatus',
      '/v2/status',
      'SE3',
    ]) {
      expect(looksLikeIdentifier(identifier), identifier).toBe(true);
    }
    for (const phrase of ['spot price', 'smartcar', 'Smartcar', 'no spot price area', ''])
      expect(looksLikeIdentifier(phrase), phrase).toBe(false);
    expect(normaliseIdentifier(' `Register-Charger` ')).toBe('register-charger');
  });

  it('measures edit distance with transpositions, stopping above the limit', () => {
    expect(editDistance('price', 'prise')).toBe(1);
    expect(editDistance('charger', 'cahrger')).toBe(1);
    expect(editDistance('session', 'sesion')).toBe(1);
    expect(editDistance('abc', 'xyzuvw', 2)).toBe(3);
  });

  it('corrects words no indexed word starts with, and leaves known prefixes alone', () => {
    const vocabulary = ['charging', 'session', 'sessions', 'spot', 'price', 'prices', 'smartcar'];
    expect(correctQuery('chargng sesion', vocabulary)).toBe('charging session');
    expect(correctQuery('spot pri', vocabulary)).toBeUndefined();
    expect(correctQuery('smarcar', vocabulary)).toBe('smartcar');
    // Short words are never "corrected" into something else.
    expect(correctQuery('spt', vocabulary)).toBeUndefined();
  });

  it('corrects a typo in a word the docs only write one letter longer, to that word', () => {
    // "weekedn" is two edits from "weekends" (a swap and the s), one from its start.
    expect(correctQuery('ready weekedn', ['ready', 'weekends', 'weekday'])).toBe('ready weekends');
  });

  it('among corrections one edit away, prefers the one that keeps the first letter, then the shorter', () => {
    // "sharing" is as near as "charging" and shorter; a typo seldom hits a word's first letter.
    expect(correctQuery('charing schedule', ['charging', 'schedule', 'sharing'])).toBe('charging schedule');
  });
});

/** correctQuery as it was before its letter test: every word near enough by its first letters is measured. */
function correctedByScan(term: string, vocabulary: readonly string[]): string {
  const allowance = term.length < 4 ? 0 : term.length <= 7 ? 1 : 2;
  let best: { word: string; distance: number } | undefined;
  for (const word of vocabulary) {
    if (word[0] !== term[0] && word[1] !== term[1]) continue;
    if (word.length < term.length - allowance) continue;
    const whole = word.length > term.length + allowance ? allowance + 1 : editDistance(term, word, allowance);
    const distance =
      word.length > term.length ? Math.min(whole, editDistance(term, word.slice(0, term.length), allowance)) : whole;
    const keeps = (entry: string) => entry[0] === term[0];
    const closer =
      !best ||
      (distance !== best.distance
        ? distance < best.distance
        : keeps(word) !== keeps(best.word)
          ? keeps(word)
          : word.length < best.word.length);
    if (distance <= allowance && closer) best = { word, distance };
  }
  return best?.word ?? term;
}

describe('correctQuery', () => {
  it('corrects every typo as measuring each word near by its first letters does: the letter test skips none', () => {
    const vocabulary = [
      ...['charging', 'charger', 'chargers', 'session', 'sessions', 'schedule', 'scheduled', 'weekends', 'weekday'],
      ...['preferences', 'vehicle', 'vehicles', 'heating', 'comfort', 'range', 'celsius', 'authorization', 'redirect'],
      ...['smartcar', 'spot', 'price', 'prices', 'area', 'postcode', 'sharing', 'x2go', 'über', 'ubersicht'],
    ].sort();
    const typos = new Set<string>();
    for (const word of vocabulary)
      for (let at = 0; at < word.length; at += 1) {
        typos.add(word.slice(0, at) + word.slice(at + 1));
        typos.add(`${word.slice(0, at)}${word[at + 1] ?? ''}${word[at]}${word.slice(at + 2)}`);
        typos.add(`${word.slice(0, at)}q${word.slice(at + 1)}`);
        typos.add(`${word.slice(0, at)}e${word.slice(at)}`);
        typos.add(`${word.slice(0, at)}zz${word.slice(at + 2)}`);
      }
    const startsAWord = prefixTest(vocabulary);
    for (const typo of typos) {
      if (startsAWord(typo) || words(typo).join(' ') !== typo) continue;
      expect(correctQuery(typo, vocabulary) ?? typo, typo).toBe(correctedByScan(typo, vocabulary));
    }
  });
});

describe('prefixTest', () => {
  it('answers whether a word of the vocabulary, in any order, starts with a text', () => {
    const startsAWord = prefixTest(['session', 'charging', 'spot', 'charge', 'zone']);
    expect(['c', 'charg', 'charge', 'chargi', 'charging', 'sp', 'z', 'zone'].every(startsAWord)).toBe(true);
    expect(['chargingx', 'a', 'sz', 'zones', 'spots', 'ses1', ''].filter(startsAWord)).toEqual(['']);
    expect(prefixTest([])('a')).toBe(false);
  });
});
