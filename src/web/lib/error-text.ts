import { ApiError } from './api-client';

/**
 * The one rule for what a user reads when a request fails: the server's own message for a
 * refusal of their input or action (4xx, in the spec's words), else `fallback` (the screen's
 * failure text). Server faults and lost connections read the fallback, never a technical text.
 */
export function errorText(error: unknown, fallback: string): string {
  return refusalText(error) ?? fallback;
}

/** The server's message for a refused request (4xx), or undefined for anything else. */
export function refusalText(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return undefined;
}
