import { describe, expect, it } from 'vitest';
import { bundleInlineScript } from '../../build/inline-script';
import { INLINE_SCRIPT_ENTRIES } from '../../inline-scripts/entries';
import { takeEarlyEvents } from './early-events';
import { API_ROOT_ID } from './ids';

/** The inline script as the build bundles it (npm run inline:build), run as the page runs it. */
const script = bundleInlineScript(INLINE_SCRIPT_ENTRIES.apiEarlyEvents);

/** The reference's root as the script sees it: an event target whose `contains` answers from `inside`. */
function fakeRoot() {
  const inside = new Set<unknown>();
  const root = Object.assign(new EventTarget(), { contains: (node: unknown) => inside.has(node) });
  inside.add(root);
  return { root, inside };
}

function runScript(root: EventTarget | null) {
  const scope: Record<string, unknown> = {};
  const document = { getElementById: (id: string) => (id === API_ROOT_ID ? root : null) };
  new Function('document', 'window', script)(document, scope);
  return scope;
}

describe('the early-events script and takeEarlyEvents', () => {
  it('keeps the clicks and keys made on the reference, in order, and hands them over once', () => {
    const { root } = fakeRoot();
    const scope = runScript(root);
    const click = new Event('click');
    const key = new Event('keydown');
    root.dispatchEvent(click);
    root.dispatchEvent(new Event('focus'));
    root.dispatchEvent(key);
    expect(takeEarlyEvents(root as unknown as Element, scope)).toEqual([click, key]);
    expect(takeEarlyEvents(root as unknown as Element, scope)).toEqual([]);
  });

  it('stops listening when the events are taken', () => {
    const { root } = fakeRoot();
    const scope = runScript(root);
    const early = scope.__kilowiseApiEarlyEvents as { events: Event[] };
    takeEarlyEvents(root as unknown as Element, scope);
    root.dispatchEvent(new Event('click'));
    expect(early.events).toEqual([]);
  });

  it('drops events whose target has left the reference', () => {
    const { root, inside } = fakeRoot();
    const scope = runScript(root);
    root.dispatchEvent(new Event('click'));
    inside.delete(root);
    expect(takeEarlyEvents(root as unknown as Element, scope)).toEqual([]);
  });

  it('does nothing on a page without the reference', () => {
    const scope = runScript(null);
    expect(scope).toEqual({});
    expect(takeEarlyEvents({} as Element, scope)).toEqual([]);
  });
});
