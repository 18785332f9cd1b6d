import { isAPIError } from 'better-auth/api';
import { fieldMessages, genericErrors, loginErrors, signupErrors } from '@shared/messages';
import { DomainError } from '../services/domain-error';

interface LibraryError {
  statusCode?: number;
  message?: string;
  body?: { code?: string; message?: string };
}

/**
 * Whether better-auth refused an address as an e-mail: its INVALID_EMAIL, or its request-body
 * check (better-call's VALIDATION_ERROR) failing on the `email` field.
 */
export function isEmailRefusal(error: unknown): boolean {
  if (!isAPIError(error)) return false;
  const { body, message } = error as LibraryError;
  if (body?.code === 'INVALID_EMAIL') return true;
  return (
    body?.code === 'VALIDATION_ERROR' && /\bemail\b/i.test(`${body.message ?? ''} ${message ?? ''}`)
  );
}

/**
 * A refusal of the identity library (better-auth's APIError with a 4xx status) as the 4xx we
 * answer with our own texts; null for anything else (a 5xx of the library stays a bug). Our
 * shared rules run first, so this is the last line: no refusal of the library becomes a 500.
 */
export function identityRefusal(error: unknown): DomainError | null {
  if (!isAPIError(error)) return null;
  const { statusCode, body } = error as LibraryError;
  if (statusCode === undefined || statusCode < 400 || statusCode >= 500) return null;
  if (isEmailRefusal(error)) {
    return new DomainError(400, 'invalid_email', signupErrors.invalidEmail, {
      email: fieldMessages.invalidEmail,
    });
  }
  return refusalInOurWords(statusCode, body?.code);
}

/**
 * An answer the identity library wrote itself (its handler's Response): a 4xx is thrown as the
 * refusal in our words and error shape; anything else is passed on.
 */
export async function identityAnswer(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  throw refusalInOurWords(response.status, body?.code);
}

function refusalInOurWords(statusCode: number, code: string | undefined): DomainError {
  switch (code) {
    case 'PASSWORD_TOO_SHORT':
      return new DomainError(400, 'weak_password', signupErrors.weakPassword, {
        password: fieldMessages.passwordTooShort,
      });
    case 'PASSWORD_TOO_LONG':
      return new DomainError(400, 'password_too_long', fieldMessages.passwordTooLong, {
        password: fieldMessages.passwordTooLong,
      });
  }
  switch (statusCode) {
    case 401:
      return new DomainError(401, 'unauthorized', genericErrors.unauthorized);
    case 403:
      return new DomainError(403, 'forbidden', genericErrors.forbidden);
    case 404:
      return new DomainError(404, 'not_found', genericErrors.notFound);
    case 409:
    case 422:
      return new DomainError(statusCode, 'refused', genericErrors.badRequest);
    case 429:
      return new DomainError(429, 'too_many_requests', loginErrors.tooManyRequests);
    default:
      return new DomainError(400, 'bad_request', genericErrors.badRequest);
  }
}
