import { signupErrors } from '@shared/messages';
import { ApiError } from '@web/lib/api-client';

/** The spec's signup error catalogue: the server's message for known refusals, else the fallbacks. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network') return signupErrors.network;
    if (error.status >= 500 || !error.message) return signupErrors.fallback;
    return error.message;
  }
  return signupErrors.fallback;
}
