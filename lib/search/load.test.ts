import { afterEach, describe, expect, it, vi } from 'vitest';
import { serializeIndex, serializePassages } from './engine';
import type { SearchRecord } from './records';

// The browser's loading of the search index: fetched once on first use, a failure named with its URL and retried on
// the next use. Each test loads the module afresh, since it keeps the engine it loaded.
const RECORD: SearchRecord = {
  kind: 'guide',
  title: 'Spot prices',
  breadcrumb: 'Guides › Spot prices',
  url: '/docs/spot-prices',
  names: [],
  members: [],
  keywords: '',
  content: 'Kilowise publishes day-ahead prices for every bidding zone.',
};

function answering(...answers: (() => Response | Promise<Response>)[]) {
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      fetched.push(url);
      const next = answers.shift();
      if (!next) throw new Error('fetched once too often');
      return Promise.resolve().then(next);
    }),
  );
  return fetched;
}

const indexAnswer = () => Response.json(serializeIndex([RECORD]));

async function freshLoad() {
  vi.resetModules();
  return import('./load');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadSearchEngine', () => {
  it('fetches the build’s index once, however often it is asked, and searches it', async () => {
    const fetched = answering(indexAnswer);
    const { loadSearchEngine, SEARCH_INDEX_URL } = await freshLoad();
    // No build inlined the URL here (next.config.mjs does): the default names what is missing.
    expect(SEARCH_INDEX_URL).toBe('/generated/search/unbuilt/index.json');
    const [first, second] = await Promise.all([loadSearchEngine(), loadSearchEngine()]);
    expect(second).toBe(first);
    expect(await loadSearchEngine()).toBe(first);
    expect(fetched).toEqual([SEARCH_INDEX_URL]);
    expect(first.search('bidding zone').results.map((result) => result.url)).toContain('/docs/spot-prices');
  });

  it('names the URL and the cause of a failure, and fetches again on the next use', async () => {
    const fetched = answering(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Response('Not found', { status: 404 }),
      () => new Response('<html>', { status: 200 }),
      () => Response.json({ records: 'none' }),
      indexAnswer,
    );
    const { loadSearchEngine, SearchIndexError } = await freshLoad();
    const failure = loadSearchEngine('/preview/search-index.json');
    await expect(failure).rejects.toThrow(
      'Could not load the search index from /preview/search-index.json: the network request failed.',
    );
    await expect(failure).rejects.toBeInstanceOf(SearchIndexError);
    await expect(failure).rejects.toMatchObject({ name: 'SearchIndexError', cause: { message: 'Failed to fetch' } });
    await expect(loadSearchEngine('/preview/search-index.json')).rejects.toThrow(
      'Could not load the search index from /preview/search-index.json: HTTP 404.',
    );
    await expect(loadSearchEngine('/preview/search-index.json')).rejects.toThrow(
      'The search index at /preview/search-index.json is not in the expected format.',
    );
    await expect(loadSearchEngine('/preview/search-index.json')).rejects.toThrow(
      'The search index at /preview/search-index.json is not in the expected format.',
    );
    expect((await loadSearchEngine('/preview/search-index.json')).search('spot').results.length).toBeGreaterThan(0);
    expect(fetched).toHaveLength(5);
  });
});

describe('prefetchSearchEngine', () => {
  it('starts the load that the dialog then uses, and keeps a failure quiet', async () => {
    const fetched = answering(indexAnswer);
    const { loadSearchEngine, prefetchSearchEngine } = await freshLoad();
    prefetchSearchEngine();
    expect(fetched).toEqual(['/generated/search/unbuilt/index.json']);
    await loadSearchEngine();
    expect(fetched).toHaveLength(1);

    answering(() => Promise.reject(new TypeError('offline')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const again = await freshLoad();
      again.prefetchSearchEngine();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('loadSearchPassages', () => {
  const passagesAnswer = () => Response.json(serializePassages([RECORD]));
  // Two sentences: the first stage indexes the first (the lead), the second stage the rest.
  const TWO: SearchRecord = { ...RECORD, content: `${RECORD.content} Tomorrow's prices arrive at 13:00 CET.` };

  it('fetches the second stage once into the engine: passages and the text’s words', async () => {
    const fetched = answering(
      () => Response.json(serializeIndex([TWO])),
      () => Response.json(serializePassages([TWO])),
    );
    const { loadSearchEngine, loadSearchPassages, SEARCH_PASSAGES_URL } = await freshLoad();
    const engine = await loadSearchEngine();
    expect(engine.hasPassages).toBe(false);
    expect(engine.search('arrive').results).toEqual([]);
    await Promise.all([loadSearchPassages(engine), loadSearchPassages(engine)]);
    expect(engine.hasPassages).toBe(true);
    await loadSearchPassages(engine);
    expect(fetched).toEqual(['/generated/search/unbuilt/index.json', SEARCH_PASSAGES_URL]);
    const [result] = engine.search('arrive').results;
    expect(result?.url).toBe('/docs/spot-prices');
    expect(result?.passage).toBe("Tomorrow's prices arrive at 13:00 CET.");
  });

  it('refuses passages of another index, naming the URL, and tries again on the next use', async () => {
    const other = { ...RECORD, url: '/docs/other' };
    const fetched = answering(
      indexAnswer,
      () => Response.json(serializePassages([RECORD, other])),
      () => new Response('down', { status: 503 }),
      passagesAnswer,
    );
    const { loadSearchEngine, loadSearchPassages } = await freshLoad();
    const engine = await loadSearchEngine();
    await expect(loadSearchPassages(engine, '/p.json')).rejects.toThrow(
      'The search passages at /p.json are not in the expected format, or not of this index.',
    );
    await expect(loadSearchPassages(engine, '/p.json')).rejects.toThrow(
      'Could not load the search passages from /p.json: HTTP 503.',
    );
    expect(engine.hasPassages).toBe(false);
    await loadSearchPassages(engine, '/p.json');
    expect(engine.hasPassages).toBe(true);
    expect(fetched).toHaveLength(4);
  });
});
