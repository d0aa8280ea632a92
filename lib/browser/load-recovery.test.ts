import { describe, expect, it, vi } from 'vitest';
import { bundleInlineScript } from '../build/inline-script';
import { INLINE_SCRIPT_ENTRIES } from '../inline-scripts/entries';
import { RELOAD_GUARD_KEY, installLoadRecovery, type RecoveryWindow } from './load-recovery';

function fakeWindow(path: string, stored: Record<string, string> = {}, pageChunks: string[] = []) {
  const listeners = new Map<string, ((event: Event) => void)[]>();
  const win: RecoveryWindow & { reloads: number; warnings: string[] } = {
    reloads: 0,
    warnings: [],
    location: {
      pathname: path,
      reload() {
        win.reloads += 1;
      },
    },
    sessionStorage: {
      getItem: (key) => stored[key] ?? null,
      setItem: (key, value) => {
        stored[key] = value;
      },
    },
    console: { warn: (message: string) => win.warnings.push(message) },
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    setTimeout: vi.fn(),
    document: { querySelectorAll: () => pageChunks.map((src) => ({ src })) },
  };
  const fire = (type: string, event: Record<string, unknown>) =>
    listeners.get(type)?.forEach((listener) => listener({ type, ...event } as unknown as Event));
  return { win, fire, stored };
}

const failedScript = { target: { tagName: 'SCRIPT', src: 'http://localhost/_next/static/chunks/1f0k.js' } };

describe('installLoadRecovery', () => {
  it('warns and reloads once when a build chunk fails to load', () => {
    const { win, fire, stored } = fakeWindow('/docs/locations');
    installLoadRecovery(win, RELOAD_GUARD_KEY);
    fire('error', failedScript);
    fire('error', { target: { tagName: 'LINK', href: 'http://localhost/_next/static/chunks/1f0k.js' } });
    expect(win.reloads).toBe(1);
    expect(win.warnings).toEqual(['[kilowise] a page resource failed to load; reloading the page.']);
    expect(stored[RELOAD_GUARD_KEY]).toBe('/docs/locations');
  });

  it('does not reload again for the same path, so there is no loop', () => {
    const { win, fire } = fakeWindow('/docs/locations', { [RELOAD_GUARD_KEY]: '/docs/locations' });
    installLoadRecovery(win, RELOAD_GUARD_KEY);
    fire('error', failedScript);
    expect(win.reloads).toBe(0);
    expect(win.warnings[0]).toContain('not reloading again');
  });

  it('reacts to chunk-load rejections and ignores other failures', () => {
    const { win, fire } = fakeWindow('/sdk/installation');
    installLoadRecovery(win, RELOAD_GUARD_KEY);
    fire('error', { target: { tagName: 'IMG', src: '/img/logo.svg' } });
    fire('error', { target: { tagName: 'SCRIPT', src: 'https://cdn.example.com/analytics.js' } });
    fire('unhandledrejection', { reason: new Error('Network down') });
    expect(win.reloads).toBe(0);
    fire('unhandledrejection', {
      reason: Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
    });
    expect(win.reloads).toBe(1);
  });

  it('leaves a chunk loaded after the page (a client navigation) to the error view', () => {
    const { win, fire } = fakeWindow('/docs/locations', {}, ['http://localhost/_next/static/chunks/page.js']);
    installLoadRecovery(win, RELOAD_GUARD_KEY);
    fire('DOMContentLoaded', {});
    fire('error', failedScript);
    fire('unhandledrejection', {
      reason: Object.assign(new Error('Failed to load chunk /_next/static/chunks/1f0k.js from module 64893'), {
        name: 'ChunkLoadError',
      }),
    });
    expect(win.reloads).toBe(0);
    expect(win.warnings[0]).toBe('[kilowise] the code of the next page failed to load; the page offers Retry.');
    // The page's own chunks still reload it.
    fire('error', { target: { tagName: 'SCRIPT', src: 'http://localhost/_next/static/chunks/page.js' } });
    expect(win.reloads).toBe(1);
  });

  it('bundles into an inline script that runs on its own, with no module scope', () => {
    const script = bundleInlineScript(INLINE_SCRIPT_ENTRIES.loadRecovery);
    expect(script).toContain(JSON.stringify(RELOAD_GUARD_KEY));
    const { win, fire } = fakeWindow('/');
    new Function('window', script)(win);
    fire('error', failedScript);
    expect(win.reloads).toBe(1);
  });
});
