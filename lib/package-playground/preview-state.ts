/** What a package playground's preview shows: loading, running the latest code, ready, or why it cannot. */
export type PreviewState =
  | { status: 'loading' }
  | { status: 'running' }
  | { status: 'ready'; runId: number; ms: number }
  | { status: 'error'; phase: 'compile' | 'run'; message: string };

/** What happens to the preview: a run sent to the frame, or the frame's report of one. */
export type PreviewEvent =
  | { type: 'run' }
  | { type: 'done'; runId: number; latest: number; ms: number }
  | { type: 'error'; runId: number; latest: number; phase: 'compile' | 'run'; message: string };

/**
 * The preview after an event. A report of a run older than the latest is ignored (the code changed since), and a
 * new run keeps an error on show until that run reports, so the error does not flicker while the reader types.
 */
export function previewReducer(state: PreviewState, event: PreviewEvent): PreviewState {
  switch (event.type) {
    case 'run':
      return state.status === 'error' ? state : { status: 'running' };
    case 'done':
      return event.runId === event.latest
        ? { status: 'ready', runId: event.runId, ms: Math.round(event.ms * 10) / 10 }
        : state;
    case 'error':
      return event.runId === event.latest ? { status: 'error', phase: event.phase, message: event.message } : state;
  }
}

export const MIN_FRAME_HEIGHT = 160;
export const MAX_FRAME_HEIGHT = 1600;

/** The frame's height for the height its content reports, within bounds. */
export const frameHeightFor = (reported: number) => Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, reported));

/** The line above the preview. `edited`: where code runs on Run, the code changed since the last run. */
export function previewStatus(preview: PreviewState, live: boolean, edited: boolean): string {
  if (edited && preview.status !== 'loading' && preview.status !== 'running')
    return 'Preview: out of date, Run updates it';
  switch (preview.status) {
    case 'loading':
      return 'Preview: loading…';
    case 'running':
      return live ? 'Preview: updating…' : 'Preview: running…';
    case 'ready':
      return `Preview: up to date (${preview.ms} ms)`;
    case 'error':
      return 'Preview: fix the code to update it';
  }
}
