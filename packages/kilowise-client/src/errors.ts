/**
 * An error response of the API: the HTTP status and the `message` of its body.
 *
 * @example
 * ```ts
 * try {
 *   await kilowise.locations.add(home, { userId: 'user-4711' });
 * } catch (error) {
 *   if (error instanceof KilowiseApiError && error.status === 400) console.log(error.message);
 *   else throw error;
 * }
 * ```
 */
export class KilowiseApiError extends Error {
  override name = 'KilowiseApiError';

  constructor(
    /** The HTTP status, e.g. `404`. */
    readonly status: number,
    /** The API's `message`, or the status text when the body has none. */
    message: string,
    /** The operation that failed, e.g. `getSpotPrices`. */
    readonly operationId: string,
  ) {
    super(message);
  }
}

/**
 * A call that cannot be made as written, found before any request is sent: a missing user id or a bad
 * configuration. It is a mistake in the calling code, so it is not worth a retry.
 *
 * @example
 * ```ts
 * try {
 *   await kilowise.locations.list();
 * } catch (error) {
 *   // No userId in the call or in the client's configuration.
 *   if (error instanceof KilowiseUsageError) console.error(error.message);
 *   else throw error;
 * }
 * ```
 */
export class KilowiseUsageError extends Error {
  override name = 'KilowiseUsageError';
}
