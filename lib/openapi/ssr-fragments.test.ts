import { describe, expect, it, vi } from 'vitest';
import { readSsrFragment, registerSsrFragment } from './ssr-fragments';

describe('the build-time HTML handed from the server component to the view', () => {
  it('reads back what was registered, and nothing for a URL never registered', () => {
    registerSsrFragment('/generated/api/a1/reference.html', '<section>one</section>');
    expect(readSsrFragment('/generated/api/a1/reference.html')).toBe('<section>one</section>');
    registerSsrFragment('/generated/api/a1/reference.html', '<section>two</section>');
    expect(readSsrFragment('/generated/api/a1/reference.html')).toBe('<section>two</section>');
    expect(readSsrFragment('/generated/api/none/reference.html')).toBe('');
  });

  it('is one registry for the process, kept when the module is loaded again', async () => {
    registerSsrFragment('/generated/api/b2/reference.html', '<p>kept</p>');
    vi.resetModules();
    const again = await import('./ssr-fragments');
    expect(again.readSsrFragment('/generated/api/b2/reference.html')).toBe('<p>kept</p>');
    again.registerSsrFragment('/generated/api/b2/chunk/1.html.gz', '<p>both</p>');
    expect(readSsrFragment('/generated/api/b2/chunk/1.html.gz')).toBe('<p>both</p>');
  });
});
