import { describe, expect, it } from 'vitest';
import { bundleInlineScript } from '@/lib/build/inline-script';
import { INLINE_SCRIPT_ENTRIES } from '@/lib/inline-scripts/entries';
import { resolveAnchor } from '@/lib/openapi/anchors';

/** The inline script as the build bundles it (npm run inline:build). */
const landingScript = bundleInlineScript(INLINE_SCRIPT_ENTRIES.apiLanding);

/** A reference of two tags with two operation cards each, and one schema card; every card's detail deferred. */
function fakeReference() {
  const upgraded: string[] = [];
  const tags = {
    'tag/locations': ['operation/getLocations', 'operation/addLocation'],
    'tag/smart-charging': ['operation/getChargingSessions', 'operation/stopCharging'],
  };
  const cardIds = [...Object.values(tags).flat(), 'schema/UserLocation'];
  interface FakeCard {
    id: string;
    closest: (selector: string) => FakeCard | null;
    querySelector: (selector: string) => unknown;
  }
  // The fake answers only the selectors the script is written against: a changed selector fails the test.
  const CARD = '.operation, .api-schema';
  const DEFERRED = ':scope > .api-fragment > noscript';
  const expectSelector = (selector: string, expected: string) => {
    if (selector !== expected)
      throw new Error(
        `the landing script asked for ${JSON.stringify(selector)}; the fake reference knows ${JSON.stringify(expected)}`,
      );
  };
  const card = (id: string): FakeCard => ({
    id,
    closest: (selector) => {
      expectSelector(selector, CARD);
      return cards.find((candidate) => candidate.id === id) ?? null;
    },
    querySelector: (selector) => {
      expectSelector(selector, DEFERRED);
      return { textContent: `<p>${id}</p>`, parentElement: { replaceChildren: () => upgraded.push(id) } };
    },
  });
  const cards = cardIds.map(card);
  const tagElement = (id: string, first: string) => ({
    id,
    closest: (selector: string) => (expectSelector(selector, CARD), null),
    querySelector: (selector: string) => (
      expectSelector(selector, CARD),
      cards.find((candidate) => candidate.id === first) ?? null
    ),
  });
  const elements = new Map<string, unknown>([
    ...cards.map((element) => [element.id, element] as const),
    ...Object.entries(tags).map(([id, operations]) => [id, tagElement(id, operations[0] ?? '')] as const),
    ['schemas', tagElement('schemas', 'schema/UserLocation')],
  ]);
  const document = {
    getElementById: (id: string) => elements.get(id) ?? null,
    querySelectorAll: (selector: string) => (
      expectSelector(selector, '#main-content .operation, #main-content .api-schema'),
      cards
    ),
    createElement: () => ({ innerHTML: '', content: {} }),
  };
  return { document, upgraded, exists: (id: string) => elements.has(id) };
}

/** Runs the bundled script as the page does: its tag carries the aliases. Returns the cards it made whole. */
function runScript(hash: string, aliases: Record<string, string>): string[] {
  const { document, upgraded } = fakeReference();
  const page = { ...document, currentScript: { dataset: { aliases: JSON.stringify(aliases) } } };
  new Function('document', 'location', landingScript)(page, { hash });
  return upgraded;
}

/** The card the landing script starts from for `hash`, or undefined when it upgrades nothing. */
const landedOn = (hash: string, aliases: Record<string, string>): string | undefined => runScript(hash, aliases)[0];

describe('the /api landing script', () => {
  const aliases = { 'operation/listChargingSessions': 'operation/getChargingSessions' };
  const hashes = [
    '#operation/addLocation',
    '#schema/UserLocation',
    '#tag/smart-charging',
    '#tag/Smart-charging',
    '#tag/Locations/operation/addLocation',
    '#operation/listChargingSessions',
    '#tag/Smart-charging/operation/listChargingSessions',
    '#Schemas',
    '#operation/GetLocations',
    '#operation/nothing',
    '#%',
    '#operation/add%zzLocation',
    '',
  ];

  it.each(hashes)('resolves %j as resolveAnchor does, and starts from that card', (hash) => {
    const { exists } = fakeReference();
    const expected = resolveAnchor(hash, exists, aliases);
    const firstOfTag: Record<string, string> = {
      'tag/locations': 'operation/getLocations',
      'tag/smart-charging': 'operation/getChargingSessions',
    };
    const expectedCard = expected?.startsWith('tag/') ? firstOfTag[expected] : expected;
    expect(landedOn(hash, aliases)).toBe(expectedCard);
  });

  it('makes the target and the next two cards whole, no more', () => {
    expect(runScript('#operation/getLocations', {})).toEqual([
      'operation/getLocations',
      'operation/addLocation',
      'operation/getChargingSessions',
    ]);
  });

  it('is bundled from lib/openapi/anchors.ts, not a copy of its rules', () => {
    // resolveAnchor's own error handling, which a hand copy would not carry.
    expect(landingScript).toContain('URIError');
    expect(landingScript).not.toContain('</script');
  });
});
