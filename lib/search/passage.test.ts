import { describe, expect, it } from 'vitest';
import { choosePassage, markTerms, sentenceHolders, sentenceStems, type MatchTerms } from './passage';
import { decodePostings, encodePostings } from './postings';
import { stem } from './query';
import { splitSentences } from './sentences';

const terms = (words: string[], prefix?: string): MatchTerms => ({
  stems: new Map(words.map((word) => [stem(word), 1])),
  ...(prefix ? { prefix } : {}),
});

describe('splitSentences', () => {
  it('ends a sentence at a stop before a capital, a digit or code, and not inside e.g. or a host name', () => {
    expect(
      splitSentences(
        'Plug the car in. 10 seconds later it has a schedule! Why? Read api.kilowise.io, e.g. Charge now. `start-charging` too.',
      ),
    ).toEqual([
      'Plug the car in.',
      '10 seconds later it has a schedule!',
      'Why?',
      'Read api.kilowise.io, e.g. Charge now.',
      '`start-charging` too.',
    ]);
  });

  it('cuts a run without a stop (a flattened table) at words, at most 280 characters a piece', () => {
    const table = Array.from({ length: 120 }, (_, at) => `cell${at}`).join(' ');
    const pieces = splitSentences(table);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.every((piece) => piece.length <= 280)).toBe(true);
    expect(pieces.join(' ')).toBe(table);
  });
});

describe('postings', () => {
  it('encode each term once with the ids as gaps, and decode to the same terms per record', () => {
    const records = [['charg', 'now'], [], ['charg'], ['now', 'now', 'price']];
    const encoded = encodePostings(records);
    expect(encoded).toBe('charg:0,2 now:0,3 price:3');
    expect(decodePostings(encoded, 4)).toEqual([['charg', 'now'], [], ['charg'], ['now', 'price']]);
  });

  it('refuse a record id the index does not have, naming it', () => {
    expect(() => decodePostings('charg:0,5', 3)).toThrow('The search index names record 5 for "charg", and it has 3.');
  });
});

describe('choosePassage', () => {
  const sentences = [
    'A device gets a schedule when it is plugged in.',
    'Smart charging follows the cheapest hours.',
    'To charge at once, call start-charging: the car charges now at full power, whatever the price.',
    'Send the preferences again to go back.',
  ];
  const stems = sentences.map(sentenceStems);

  it('quotes the sentence that holds the rarest of the query’s words, not the section’s first', () => {
    expect(choosePassage(sentences, stems, terms(['charge', 'now']))).toBe(sentences[2]);
  });

  it('adds the next sentence when it matches too, within the length of a passage', () => {
    expect(choosePassage(sentences, stems, terms(['schedule', 'smart']))).toBe(`${sentences[0]} ${sentences[1]}`);
  });

  it('quotes the start of a section none of whose sentences holds a query word, and nothing for no text', () => {
    expect(choosePassage(sentences, stems, terms(['wallbox']))).toBe(`${sentences[0]} ${sentences[1]}`);
    expect(choosePassage([], [], terms(['wallbox']))).toBeUndefined();
  });

  it('quotes the same with the sentences prepared by the caller, and in a section too long to mark by bits', () => {
    const prepared = {
      lowered: () => sentences.map((sentence) => sentence.toLowerCase()),
      holders: () => sentenceHolders(stems),
    };
    for (const query of [terms(['charge', 'now']), terms(['schedule', 'smart']), terms(['price'], 'pow')])
      expect(choosePassage(sentences, stems, query, prepared)).toBe(choosePassage(sentences, stems, query));
    // A prefix alone picks the sentence that holds it (short: with the next); so does a word in the 41st sentence.
    expect(choosePassage(sentences, stems, terms(['wallbox'], 'cheap'))).toBe(`${sentences[1]} ${sentences[2]}`);
    const long = [...Array.from({ length: 40 }, (_, at) => `Step ${at} of the setup is done.`), sentences[2] as string];
    expect(sentenceHolders(long.map(sentenceStems))).toBeUndefined();
    expect(choosePassage(long, long.map(sentenceStems), terms(['charge', 'now']))).toBe(sentences[2]);
  });
});

describe('markTerms', () => {
  const marked = (text: string, match: MatchTerms) =>
    markTerms(text, match)
      .filter((part) => part.match)
      .map((part) => part.text);

  it('marks every form of a query word by its stem, and an identifier most of whose parts are the query', () => {
    expect(
      marked(
        'Charging starts when the charger charges; readyTime and weekDaySpecificReadyTimes.',
        terms(['charge', 'ready', 'time']),
      ),
    ).toEqual(['Charging', 'charges', 'readyTime']);
    expect(marked('The charger is charging.', terms(['charger']))).toEqual(['charger']);
  });

  it('marks an identifier typed whole, not the words of its parts', () => {
    const identifier: MatchTerms = {
      ...terms(['smart', 'charge', 'location']),
      identifier: 'smart_charge_at_location',
    };
    expect(marked('chargingBehavior: SMART_CHARGE_AT_LOCATION charges smart.', identifier)).toEqual([
      'SMART_CHARGE_AT_LOCATION',
    ]);
  });

  it('marks an identifier typed whole, not the words of its parts', () => {
    const identifier: MatchTerms = {
      ...terms(['smart', 'charge', 'location']),
      identifier: 'smart_charge_at_location',
    };
    expect(marked('chargingBehavior: SMART_CHARGE_AT_LOCATION charges smart.', identifier)).toEqual([
      'SMART_CHARGE_AT_LOCATION',
    ]);
  });

  it('marks a word being typed by its start, and keeps the text whole', () => {
    const text = 'Register a location first.';
    expect(marked(text, terms([], 'locat'))).toEqual(['location']);
    expect(
      markTerms(text, terms(['register']))
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});
