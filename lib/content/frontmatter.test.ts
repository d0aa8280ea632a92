import { describe, expect, it } from 'vitest';
import { assertFrontmatter } from './frontmatter';

const valid = { title: 'Locations', description: 'Add, list, update and delete the locations of a user.' };

describe('assertFrontmatter', () => {
  it('accepts a valid page and fills the flags', () => {
    expect(assertFrontmatter('docs/locations.mdx', valid)).toEqual({
      ...valid,
      hideTableOfContents: false,
      hideFooter: false,
      draft: false,
    });
  });

  it('names the file and every bad field', () => {
    const call = () => assertFrontmatter('docs/locations.mdx', { ...valid, description: 'Short', sidebarPosition: 1.5 });
    expect(call).toThrow(/content\/docs\/locations\.mdx: field "description": must be a sentence/);
    expect(call).toThrow(/content\/docs\/locations\.mdx: field "sidebarPosition": must be a whole number/);
  });

  it('rejects an empty title and a wrong flag type', () => {
    const call = () => assertFrontmatter('sdk/a.mdx', { ...valid, title: ' ', draft: 'yes' });
    expect(call).toThrow(/content\/sdk\/a\.mdx: field "title": must not be empty/);
    expect(call).toThrow(/content\/sdk\/a\.mdx: field "draft"/);
  });

  it('takes search terms by section anchor, and names a bad anchor or term', () => {
    const searchTerms = { 'charge-now': ['charge immediately', 'skip the schedule'] };
    expect(assertFrontmatter('docs/smart-charging.mdx', { ...valid, searchTerms }).searchTerms).toEqual(searchTerms);
    const call = () =>
      assertFrontmatter('docs/smart-charging.mdx', { ...valid, searchTerms: { 'Charge now': ['x'], later: [] } });
    expect(call).toThrow(/content\/docs\/smart-charging\.mdx: field "searchTerms.*must be a section's anchor/s);
    expect(call).toThrow(/must be a word or more/);
    expect(call).toThrow(/must list at least one term/);
  });
});
