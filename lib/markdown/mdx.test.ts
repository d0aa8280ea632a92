import { describe, expect, it } from 'vitest';
import { mdxToMarkdown } from './mdx';

const SITE = 'https://developers.kilowise.io';

describe('Markdown twins of MDX', () => {
  it('turns the site components into Markdown and keeps code blocks and tables', () => {
    const source = [
      "import { Thing } from './thing';",
      '',
      'Read the [prerequisites](/docs/prerequisites) first.',
      '',
      '<Admonition type="warning" title="Keep the key secret">',
      'Never ship it in an app.',
      '</Admonition>',
      '',
      '<Tabs>',
      '<Tab label="curl">',
      '',
      '```bash title="List"',
      'curl https://api.kilowise.io/v2/kilowise/countries',
      '```',
      '',
      '</Tab>',
      '</Tabs>',
      '',
      '| Field | Type |',
      '|---|---|',
      '| `name` | string |',
      '',
      '<CardGrid>',
      '<Card title="Locations" href="/docs/locations">Where devices charge.</Card>',
      '</CardGrid>',
      '',
      '<ClientMethodTable />',
    ].join('\n');
    const markdown = mdxToMarkdown(source, {
      siteUrl: SITE,
      components: {
        ClientMethodTable: () => [{ type: 'paragraph', children: [{ type: 'text', value: 'the method table' }] }],
      },
    });
    expect(markdown).not.toContain('import');
    expect(markdown).toContain(`[prerequisites](${SITE}/docs/prerequisites)`);
    expect(markdown).toContain('> **Keep the key secret**\n>\n> Never ship it in an app.');
    expect(markdown).toContain(
      '**curl**\n\n```bash title="List"\ncurl https://api.kilowise.io/v2/kilowise/countries\n```',
    );
    expect(markdown).toContain('| Field  | Type   |');
    expect(markdown).toContain(`- [Locations](${SITE}/docs/locations): Where devices charge.`);
    expect(markdown).toContain('the method table');
    expect(markdown).not.toMatch(/<[A-Z]/);
  });
});
