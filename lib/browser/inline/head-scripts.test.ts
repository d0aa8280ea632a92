import { describe, expect, it } from 'vitest';
import { bundleInlineScript } from '../../build/inline-script';
import { INLINE_SCRIPT_ENTRIES } from '../../inline-scripts/entries';
import { PAGE_TYPE_CLASS_NAMES } from '../../site/page-types';
import { ANNOUNCEMENT_DISMISSED_ATTRIBUTE } from '../announcement';
import { STORAGE_KEYS } from '../storage';

/** A document whose current script carries `dataset`, and whose <html> records its classes and attributes. */
function fakeDocument(dataset: Record<string, string>, classes: string[] = []) {
  const list = new Set(classes);
  const attributes = new Map<string, string>();
  const documentElement = {
    classList: {
      add: (...names: string[]) => names.forEach((name) => list.add(name)),
      remove: (...names: string[]) => names.forEach((name) => list.delete(name)),
    },
    setAttribute: (name: string, value: string) => attributes.set(name, value),
  };
  return { document: { currentScript: { dataset }, documentElement }, list, attributes };
}

/** localStorage over `stored`, or one that throws on every call (blocked storage). */
function fakeStorage(stored: Record<string, string> | 'blocked') {
  const check = () => {
    if (stored === 'blocked') throw new Error('SecurityError');
    return stored;
  };
  return {
    getItem: (key: string) => check()[key] ?? null,
    setItem: (key: string, value: string) => {
      check()[key] = value;
    },
    removeItem: (key: string) => {
      delete check()[key];
    },
  };
}

describe('the page-type script', () => {
  const script = bundleInlineScript(INLINE_SCRIPT_ENTRIES.pageType);

  it("puts its tag's page type on <html> and takes the others off", () => {
    const page = fakeDocument({ pageType: 'standalone' }, [PAGE_TYPE_CLASS_NAMES.docsDoc, 'theme-dark']);
    new Function('document', script)(page.document);
    expect([...page.list].sort()).toEqual([PAGE_TYPE_CLASS_NAMES.standalone, 'theme-dark']);
  });

  it('leaves <html> alone when the tag names no page type', () => {
    const page = fakeDocument({ pageType: 'toString' }, [PAGE_TYPE_CLASS_NAMES.docsDoc]);
    new Function('document', script)(page.document);
    expect([...page.list]).toEqual([PAGE_TYPE_CLASS_NAMES.docsDoc]);
  });
});

describe('the announcement script', () => {
  const script = bundleInlineScript(INLINE_SCRIPT_ENTRIES.announcement);
  const run = (barId: string, stored: Record<string, string> | 'blocked') => {
    const page = fakeDocument({ barId });
    const warnings: unknown[] = [];
    const window = { localStorage: fakeStorage(stored) };
    const console = { warn: (...args: unknown[]) => warnings.push(args[0]) };
    new Function('document', 'window', 'console', script)(page.document, window, console);
    return { attributes: page.attributes, warnings };
  };

  it('hides the bar its reader dismissed', () => {
    const stored = { [STORAGE_KEYS.announcementId]: 'bar-2', [STORAGE_KEYS.announcementDismiss]: 'true' };
    expect(run('bar-2', stored).attributes.get(ANNOUNCEMENT_DISMISSED_ATTRIBUTE)).toBe('true');
    expect(stored).toEqual({ [STORAGE_KEYS.announcementId]: 'bar-2', [STORAGE_KEYS.announcementDismiss]: 'true' });
  });

  it('shows a new bar again, forgetting the dismissal of the old one', () => {
    const stored: Record<string, string> = {
      [STORAGE_KEYS.announcementId]: 'bar-1',
      [STORAGE_KEYS.announcementDismiss]: 'true',
    };
    expect(run('bar-2', stored).attributes.size).toBe(0);
    expect(stored).toEqual({ [STORAGE_KEYS.announcementId]: 'bar-2' });
  });

  it('warns once and shows the bar where storage is blocked', () => {
    const { attributes, warnings } = run('bar-2', 'blocked');
    expect(attributes.size).toBe(0);
    expect(warnings).toEqual([
      '[kilowise] browser storage is unavailable, so the announcement bar will not remember being closed.',
    ]);
  });
});
