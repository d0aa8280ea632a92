import { describe, expect, it } from 'vitest';
import { descriptionMarkdown } from './description';

describe('descriptionMarkdown', () => {
  it('keeps what the document wrote: emphasis, code, lists, tables and fenced code', () => {
    const markdown = [
      'Sets the **ready time** for `deviceId`, in _local_ time.',
      '',
      '- one',
      '- two',
      '',
      '| Field | Meaning |',
      '| --- | --- |',
      '| `readyAt` | when |',
      '',
      '```json',
      '{"readyAt": "07:00"}',
      '```',
    ].join('\n');
    const out = descriptionMarkdown(markdown);
    expect(out).toContain('*ready time*');
    expect(out).toContain('`deviceId`');
    expect(out).toContain('_local_');
    expect(out).toContain('- one\n- two');
    expect(out).toMatch(/\| `readyAt` \| when +\|/);
    expect(out).toContain('```json\n{"readyAt": "07:00"}\n```');
  });

  it('makes links to the site absolute and leaves other links as written', () => {
    const out = descriptionMarkdown(
      'See [smart charging](/docs/smart-charging), [the operation](/api#operation/getLocations) and [Smartcar](https://smartcar.com).\n\n[ref]: /docs/locations',
      'https://docs.kilowise.io',
    );
    expect(out).toContain('[smart charging](https://docs.kilowise.io/docs/smart-charging)');
    expect(out).toContain('[the operation](https://docs.kilowise.io/api#operation/getLocations)');
    expect(out).toContain('[Smartcar](https://smartcar.com)');
    expect(out).toContain('[ref]: https://docs.kilowise.io/docs/locations');
  });

  it('drops raw HTML, as the page does, and keeps the text around it', () => {
    const out = descriptionMarkdown(
      'Before <script>alert(1)</script> after.\n\n<div onclick="x()">block</div>\n\nEnd.',
    );
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('onclick');
    expect(out).toContain('Before');
    expect(out).toContain('after.');
    expect(out).toContain('End.');
  });

  it('gives nothing for an empty description', () => {
    expect(descriptionMarkdown(undefined)).toBe('');
    expect(descriptionMarkdown('  \n')).toBe('');
  });
});
