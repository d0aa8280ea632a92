import type { FromFrame, ToFrame } from '@/lib/package-playground/protocol';

/** The API sandbox as the kilowise-client playground uses it: it answers the frame's requests. */
export interface FrameSandbox {
  handle(request: Request): Promise<Response>;
  reset(): void;
}

/**
 * The answer to a request the reader's code sent from the frame: the sandbox's response when it is for
 * the API, a network failure with the reason otherwise (the frame has no network of its own).
 */
export async function answerFrameRequest(
  sandbox: Promise<FrameSandbox>,
  serverUrl: string,
  message: Extract<FromFrame, { kind: 'fetch' }>,
): Promise<ToFrame> {
  const { requestId } = message;
  const api = serverUrl.replace(/\/$/, '');
  if (message.url !== api && !message.url.startsWith(`${api}/`) && !message.url.startsWith(`${api}?`)) {
    return {
      kind: 'fetch-failed',
      requestId,
      message: `Failed to fetch ${message.url}: code in the playground reaches only the API sandbox at ${api}`,
    };
  }
  try {
    const request = new Request(message.url, { method: message.method, headers: message.headers, body: message.body });
    const response = await (await sandbox).handle(request);
    return {
      kind: 'fetch-result',
      requestId,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
      body: await response.text(),
    };
  } catch (error) {
    return {
      kind: 'fetch-failed',
      requestId,
      message: `The sandbox could not answer: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
