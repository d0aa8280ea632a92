import { describe, expect, it } from 'vitest';
import { frameHeightFor, previewReducer, previewStatus, type PreviewState } from './preview-state';

describe('a package playground’s preview', () => {
  it('runs, then is ready with the time of the latest run, rounded to a tenth of a millisecond', () => {
    let state: PreviewState = { status: 'loading' };
    state = previewReducer(state, { type: 'run' });
    expect(state).toEqual({ status: 'running' });
    state = previewReducer(state, { type: 'done', runId: 2, latest: 2, ms: 12.345 });
    expect(state).toEqual({ status: 'ready', runId: 2, ms: 12.3 });
    expect(previewStatus(state, true, false)).toBe('Preview: up to date (12.3 ms)');
  });

  it('ignores the report of a run older than the latest: the code changed since', () => {
    const running: PreviewState = { status: 'running' };
    expect(previewReducer(running, { type: 'done', runId: 1, latest: 2, ms: 5 })).toBe(running);
    expect(previewReducer(running, { type: 'error', runId: 1, latest: 2, phase: 'run', message: 'x' })).toBe(running);
  });

  it('keeps an error on show while a new run is under way, until that run reports', () => {
    const failed = previewReducer(
      { status: 'running' },
      { type: 'error', runId: 3, latest: 3, phase: 'compile', message: 'Unexpected token' },
    );
    expect(previewReducer(failed, { type: 'run' })).toBe(failed);
    expect(previewStatus(failed, true, false)).toBe('Preview: fix the code to update it');
    expect(previewReducer(failed, { type: 'done', runId: 4, latest: 4, ms: 1 }).status).toBe('ready');
  });

  it('says so when code edited since the last Run has not run, and what it is doing otherwise', () => {
    const ready: PreviewState = { status: 'ready', runId: 1, ms: 3 };
    expect(previewStatus(ready, false, true)).toBe('Preview: out of date, Run updates it');
    expect(previewStatus({ status: 'running' }, false, true)).toBe('Preview: running…');
    expect(previewStatus({ status: 'running' }, true, false)).toBe('Preview: updating…');
    expect(previewStatus({ status: 'loading' }, true, false)).toBe('Preview: loading…');
  });

  it('sizes the frame to its content, within bounds', () => {
    expect([frameHeightFor(10), frameHeightFor(500), frameHeightFor(99_999)]).toEqual([160, 500, 1600]);
  });
});
