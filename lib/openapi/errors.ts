/** A failure of the spec pipeline; its message is one line that names the URL or file and the cause. */
export class SpecError extends Error {
  override name = 'SpecError';
  constructor(
    readonly source: string,
    cause: string,
    options?: { cause?: unknown },
  ) {
    super(`[openapi] ${source}: ${cause}`, options);
  }
}
