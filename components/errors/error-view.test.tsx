import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorView } from './error-view.client';

const render = (error: unknown) => renderToStaticMarkup(<ErrorView error={error} retry={() => undefined} />);

describe('ErrorView', () => {
  it('shows the crash page with Try again and every cause', () => {
    const html = render(
      new Error('Could not render the schedule', { cause: new TypeError('hourlyCharges is undefined') }),
    );
    expect(html).toContain('This page crashed.');
    expect(html).toContain('>Try again</button>');
    expect(html).toContain('Could not render the schedule');
    expect(html).toContain('Cause: </span>TypeError: hourlyCharges is undefined');
    expect(html).not.toContain('Retry');
  });

  it('shows a failed load in the red box with its message and Retry', () => {
    const html = render(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }));
    expect(html).toContain('class="load-error"');
    expect(html).toContain('Loading chunk 7 failed.');
    expect(html).toContain('>Retry</button>');
    expect(html).not.toContain('This page crashed.');
  });
});
