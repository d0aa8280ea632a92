import { describe, expect, it } from 'vitest';
import { extractToc } from './toc';

describe('extractToc', () => {
  it('keeps h2 and h3 only, with the ids rehype-slug gives', () => {
    const toc = extractToc('# Title\n\n## Add a location\n\n### `POST` body\n\n#### Deep\n\n## Errors\n');
    expect(toc).toEqual([
      { depth: 2, text: 'Add a location', id: 'add-a-location' },
      { depth: 3, text: 'POST body', id: 'post-body' },
      { depth: 2, text: 'Errors', id: 'errors' },
    ]);
  });

  it('numbers repeated headings like the page does, counting headings outside the TOC too', () => {
    const toc = extractToc('## Errors\n\n#### Errors\n\n## Errors\n');
    expect(toc.map((entry) => entry.id)).toEqual(['errors', 'errors-2']);
  });

  it('ignores headings inside code fences and reads MDX', () => {
    const toc = extractToc('## Real\n\n```md\n## Not a heading\n```\n\n<Tabs>\n\n## Inside JSX\n\n</Tabs>\n');
    expect(toc.map((entry) => entry.text)).toEqual(['Real', 'Inside JSX']);
  });
});
