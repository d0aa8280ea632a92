import { z } from 'zod/mini';
import type { SdkPackage } from '@/lib/sdk/packages';

/**
 * The messages between a package playground and its preview frame. The frame is a sandboxed iframe
 * (`sandbox="allow-scripts"`, an opaque origin): the reader's code runs there, away from the site's
 * storage and cookies, and reaches the page only through these messages.
 */

/**
 * How the frame shows what the code exports by default: `render` draws a React component or element,
 * `brands` shows brands with their logos (or any other value as JSON), `client` calls the exported function
 * and lists each request and response.
 */
export type PreviewMode = 'render' | 'brands' | 'client';

export const PREVIEW_MODES: Record<SdkPackage, PreviewMode> = {
  'kilowise-client': 'client',
  'kilowise-brands': 'brands',
  'kilowise-charts': 'render',
  'kilowise-ui': 'render',
};

export type Theme = 'light' | 'dark';

/**
 * The page asks the frame to run code, or answers a request the code sent. A run of an example's own code carries
 * it `compiled` ahead of time (examples.ts), which the frame runs without loading its compiler; any other code
 * comes without, and the frame compiles it.
 */
export type ToFrame =
  | { kind: 'run'; runId: number; code: string; compiled?: string; mode: PreviewMode; theme: Theme }
  | { kind: 'theme'; theme: Theme }
  | {
      kind: 'fetch-result';
      requestId: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: string;
    }
  | { kind: 'fetch-failed'; requestId: number; message: string };

const fromFrameSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready') }),
  /** The run finished: rendered, or (client) its function settled. (The page times the update itself.) */
  z.object({ kind: z.literal('done'), runId: z.number() }),
  z.object({ kind: z.literal('error'), runId: z.number(), phase: z.enum(['compile', 'run']), message: z.string() }),
  z.object({ kind: z.literal('height'), height: z.number() }),
  z.object({
    kind: z.literal('fetch'),
    requestId: z.number(),
    method: z.string(),
    url: z.string(),
    headers: z.array(z.tuple([z.string(), z.string()])),
    body: z.optional(z.string()),
  }),
]);

/** The frame reports on a run, its height, or a request the reader's code sends. */
export type FromFrame = z.infer<typeof fromFrameSchema>;

/** A message from the frame, checked; anything else (another window's message, say) is `undefined`. */
export function readFrameMessage(data: unknown): FromFrame | undefined {
  const result = fromFrameSchema.safeParse(data);
  return result.success ? result.data : undefined;
}
