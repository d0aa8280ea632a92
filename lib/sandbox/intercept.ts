import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import type { Sandbox } from './sandbox';

/**
 * Routes every `fetch` to the API's server URL into the sandbox, while it is on. `fetch` itself and
 * code built on it, such as kilowise-client, reach the sandbox unchanged; other requests (the site's
 * own) pass through. Interception patches `fetch` in this page only, so no service worker outlives
 * the playground or touches other pages. Returns the function that turns it off.
 */
export function interceptApi(serverUrl: string, sandbox: Sandbox): () => void {
  const origin = new URL(serverUrl);
  const prefix = origin.href.replace(/\/$/, '');
  const interceptor = new FetchInterceptor();
  // The interceptor awaits each request listener (emitAsync) before it lets a request through.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- its listener type says void, but an async listener is its documented use
  interceptor.on('request', async ({ request, controller }) => {
    if (request.url !== prefix && !request.url.startsWith(`${prefix}/`) && !request.url.startsWith(`${prefix}?`))
      return;
    controller.respondWith(await sandbox.handle(request));
  });
  interceptor.apply();
  return () => interceptor.dispose();
}
