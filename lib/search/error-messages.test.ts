import { beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine } from './engine';
import { contractMessages, sandboxMessages, type ErrorMessage } from './error-messages';
import { quotingRecords } from './quoting';
import { getSitePassages, getSiteSearchIndex } from './site';

// Issue #50: every error message of the contract and the sandbox, pasted whole into search, finds a section that
// explains it among the first three results. A section explains a message when one of its sentences quotes it
// (lib/search/quoting.ts: at least 80% of the message's words, its ids, dates and numbers aside). A
// new message that no page explains fails here, naming its source.

/**
 * Messages no request can bring, each with why: the domain's commands check what the handlers have checked before
 * them, so that a command stands on its own (lib/sandbox/domain/).
 */
const UNREACHABLE: Record<string, string> = {
  'Device is not of the kind this command is for ( )':
    'every handler finds the device with deviceFor, which answers a device of another kind with its own 400 or 404, before it sends the command',
};

let engine: SearchEngine;
let messages: ErrorMessage[];
let quoting: ReturnType<typeof quotingRecords>;

/** The records (guides, SDK pages, operations) with a sentence that quotes the message. */
function explaining(message: string): string[] {
  return quoting(message)
    .map((record) => record.url)
    .filter((url) => !url.startsWith('/api#schema/') && !url.includes('/typedoc/'));
}

describe('error messages pasted into search', () => {
  beforeAll(() => {
    const index = getSiteSearchIndex();
    const passages = getSitePassages();
    engine = new SearchEngine(index, passages);
    quoting = quotingRecords(index, passages);
    const all = [...contractMessages('content/openapi/kilowise-openapi.yaml'), ...sandboxMessages('lib/sandbox')];
    messages = [...new Map(all.map((message) => [message.text, message])).values()].filter(
      (message) => !(message.text in UNREACHABLE),
    );
  });

  it('are read from the contract and the sandbox: each example, and each message the sandbox writes', () => {
    expect(messages.length).toBeGreaterThan(60);
    expect(messages.map((message) => message.text)).toEqual(
      expect.arrayContaining([
        'Wallbox rejected the credentials',
        'Device not found',
        // A domain command's refusal, and a request check's answer.
        'Too many status updates for ; try again later',
        "Request body nests deeper than levels, the sandbox's limit",
      ]),
    );
    const all = sandboxMessages('lib/sandbox').map((message) => message.text);
    for (const text of Object.keys(UNREACHABLE)) expect(all, 'an exemption for a message that is gone').toContain(text);
  });

  it('each have a section that explains them', () => {
    const unexplained = messages.filter((message) => explaining(message.text).length === 0);
    expect(
      unexplained.map((message) => `${message.text} (${message.source})`),
      'quote these messages in the section that says what they mean and what to do',
    ).toEqual([]);
  });

  it('each find a section that explains them among the first three results', () => {
    const missed = messages.flatMap((message) => {
      const answers = new Set(explaining(message.text));
      if (answers.size === 0) return [];
      const top = engine.search(message.text, 3).results.map((result) => result.url);
      return top.some((url) => answers.has(url)) ? [] : [`${message.text}: first ${top.join(', ')}`];
    });
    expect(missed).toEqual([]);
  });
});
