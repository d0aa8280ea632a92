/**
 * How a client talks to the API.
 *
 * @example
 * ```ts
 * const kilowise = new KilowiseClient({ apiKey: process.env.KILOWISE_API_KEY!, baseUrl: 'https://api.kilowise.io' });
 * ```
 */
export interface ClientConfiguration {
  /** Your partner API key, sent as `x-api-key` on every request. Keep it on your server. */
  apiKey: string;
  /**
   * The API origin, without a trailing slash.
   *
   * @example 'https://api.kilowise.io'
   */
  baseUrl: string;
  /** Binds the client to one user: calls then need no `{ userId }`. */
  userId?: string;
  /** The `fetch` to use instead of the global one, for proxies, retries or tests. */
  fetch?: typeof fetch;
}

/**
 * Per-call options, the last argument of every method. A method that also takes query parameters takes them in an
 * object of their own before it: `smartcar.getCapabilities('dev-5b1f0c', { forceRefresh: true }, { userId })`.
 *
 * @example
 * ```ts
 * const locations = await kilowise.locations.list({ userId: 'user-4711', signal: AbortSignal.timeout(5000) });
 * ```
 */
export interface Options {
  /** The user the call acts for; overrides the client's `userId`. */
  userId?: string;
  /** Aborts the request. */
  signal?: AbortSignal;
}
