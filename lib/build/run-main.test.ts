import { describe, expect, it, vi } from 'vitest';
import { failureLines, runMain } from './run-main';

describe('failureLines', () => {
  it("prints the message with the script's tag, then each cause on a line of its own", () => {
    const root = new Error('connect ECONNREFUSED 127.0.0.1:443');
    const fetchError = new TypeError('fetch failed', { cause: root });
    const error = new Error('could not fetch https://api.example/openapi.json', { cause: fetchError });
    expect(failureLines(error, 'openapi')).toEqual([
      '[openapi] could not fetch https://api.example/openapi.json',
      '  caused by: fetch failed',
      '  caused by: connect ECONNREFUSED 127.0.0.1:443',
    ]);
  });

  it('keeps a message that names its own tag, prints a cause that is not an Error, and stops at a cycle', () => {
    const error = new Error('[search] no index', { cause: 'disk full' });
    expect(failureLines(error, 'build')).toEqual(['[search] no index', '  caused by: disk full']);
    const looped = new Error('a');
    looped.cause = looped;
    expect(failureLines(looped)).toEqual(['a']);
    expect(failureLines('thrown text')).toEqual(['thrown text']);
  });
});

describe('runMain', () => {
  /** Runs main with process.exit and console.error stubbed, and says what the script would have done. */
  async function outcome(main: () => Promise<number | void> | number | void, failureCode?: number) {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runMain(main, { tag: 'test', failureCode });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const seen = {
      exit: exit.mock.calls.map(([code]) => code),
      printed: printed.mock.calls.map(([line]) => String(line)),
    };
    vi.restoreAllMocks();
    return seen;
  }

  it('exits 1 with the lines of a failure, thrown or rejected', async () => {
    const cause = new Error('root');
    expect(await outcome(() => Promise.reject(new Error('step 2 failed', { cause })))).toEqual({
      exit: [1],
      printed: ['[test] step 2 failed', '  caused by: root'],
    });
    expect(
      await outcome(() => {
        throw new Error('sync');
      }, 2),
    ).toEqual({ exit: [2], printed: ['[test] sync'] });
  });

  it('exits with the code main returns, and not at all when it returns nothing', async () => {
    expect(await outcome(async () => 3)).toEqual({ exit: [3], printed: [] });
    expect(await outcome(async () => undefined)).toEqual({ exit: [], printed: [] });
  });
});
