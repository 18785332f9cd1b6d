import { APIError } from 'better-auth/api';
import { describe, expect, it } from 'vitest';
import { identityRefusal, isEmailRefusal } from '../../src/server/auth/identity-refusals';
import { DomainError } from '../../src/server/services/domain-error';
import { fieldMessages, genericErrors, signupErrors } from '../../src/shared/messages';

/**
 * A refusal of the identity library is the caller's input, never a 500: the mapping the app's
 * error handler applies to any better-auth APIError that reaches it (routes that expect one map
 * it themselves first).
 */
describe('identityRefusal', () => {
  it('answers an e-mail refusal with the catalogue text and the field text', () => {
    for (const error of [
      new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Invalid email' }),
      new APIError('BAD_REQUEST', {
        code: 'VALIDATION_ERROR',
        message: '[body.email] Invalid email address',
      }),
    ]) {
      expect(isEmailRefusal(error)).toBe(true);
      const refusal = identityRefusal(error)!;
      expect(refusal).toBeInstanceOf(DomainError);
      expect([refusal.status, refusal.message, refusal.fields]).toEqual([
        400,
        signupErrors.invalidEmail,
        { email: fieldMessages.invalidEmail },
      ]);
    }
  });

  it('answers password length refusals with the spec texts', () => {
    const short = identityRefusal(new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT' }))!;
    expect([short.status, short.message]).toEqual([400, signupErrors.weakPassword]);
    const long = identityRefusal(new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_LONG' }))!;
    expect([long.status, long.message]).toEqual([400, fieldMessages.passwordTooLong]);
  });

  it('keeps other 4xx statuses with a message for people, and leaves 5xx and other errors alone', () => {
    expect(identityRefusal(new APIError('UNAUTHORIZED'))!.status).toBe(401);
    expect(identityRefusal(new APIError('FORBIDDEN'))!.status).toBe(403);
    expect(identityRefusal(new APIError('TOO_MANY_REQUESTS'))!.status).toBe(429);
    const other = identityRefusal(new APIError('BAD_REQUEST', { code: 'SOMETHING_NEW' }))!;
    expect([other.status, other.message]).toEqual([400, genericErrors.badRequest]);
    expect(isEmailRefusal(new APIError('BAD_REQUEST', { code: 'SOMETHING_NEW' }))).toBe(false);
    expect(identityRefusal(new APIError('INTERNAL_SERVER_ERROR'))).toBeNull();
    expect(identityRefusal(new Error('boom'))).toBeNull();
  });
});
