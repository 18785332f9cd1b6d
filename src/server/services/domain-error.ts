export type DomainErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** An expected refusal: answered with its status and message, never logged as a bug. */
export class DomainError extends Error {
  constructor(
    readonly status: DomainErrorStatus,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
