import type { Context } from 'hono';
import { loginErrors } from '@shared/messages';
import {
  clearRateLimit,
  consumeRateLimit,
  releaseRateLimit,
  type RateLimitRule,
} from '../services/rate-limit/consume-rate-limit';
import { signInFailureKeys } from '../services/rate-limit/sign-in-failures';
import { DomainError } from '../services/domain-error';
import type { AppEnv } from './app-env';
import { clientAddress } from './client-address';

export const rateLimitRules = {
  /**
   * Sign-in counts failures only (wrong password or unknown account); a correct sign-in counts
   * nothing and clears the failures of its account from its address. The tight limit is per
   * account AND address, so guessing from one place cannot lock the owner out elsewhere; the
   * slower ceiling per account across all addresses stops guessing spread over many addresses;
   * the one per address stops trying many accounts from one place (credential stuffing). A
   * password reset clears the account's failures from every address.
   */
  signInFailuresPerAccountAndAddress: { max: 10, windowSeconds: 15 * 60 },
  signInFailuresPerAccount: { max: 100, windowSeconds: 60 * 60 },
  signInFailuresPerAddress: { max: 300, windowSeconds: 15 * 60 },
  /** Guessing the current password from a borrowed session: failures only, as for sign-in. */
  passwordChangeFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  signUpPerAddress: { max: 300, windowSeconds: 60 * 60 },
  resetPerEmail: { max: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { max: 100, windowSeconds: 60 * 60 },
  /**
   * Core Web Vitals: a page sends one or two reports when hidden or left; per account when signed
   * in (offices share addresses), per address otherwise.
   */
  webVitalsPerAddress: { max: 300, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Counts this request against each key; refuses with 429 and the spec's text once one is over. */
export async function enforceRateLimits<E extends AppEnv>(
  c: Context<E>,
  checks: Array<[key: string, rule: RateLimitRule]>,
): Promise<void> {
  const { db } = c.var.services;
  for (const [key, rule] of checks) {
    if (!(await consumeRateLimit(db, key, rule))) {
      throw tooManyRequests();
    }
  }
}

/** The 429 every limit answers with, in the spec's words. */
function tooManyRequests(): DomainError {
  return new DomainError(429, 'too_many_requests', loginErrors.tooManyRequests);
}

/**
 * Runs `attempt` under limits that count failures only. Each key's count is taken before the
 * attempt runs, so parallel guesses cannot slip past a limit together, and given back unless the
 * attempt failed with `isFailure`: a refused attempt (429), a success or any other outcome counts
 * nothing. A success also clears the keys in `clearOnSuccess`.
 */
export async function limitFailures<T, E extends AppEnv = AppEnv>(
  c: Context<E>,
  checks: Array<[key: string, rule: RateLimitRule]>,
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean,
  clearOnSuccess: string[] = [],
): Promise<T> {
  const { db } = c.get('services');
  const counted: string[] = [];
  const giveBack = async () => {
    for (const key of counted) await releaseRateLimit(db, key);
  };
  for (const [key, rule] of checks) {
    const allowed = await consumeRateLimit(db, key, rule);
    counted.push(key);
    if (!allowed) {
      await giveBack();
      throw tooManyRequests();
    }
  }
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!isFailure(error)) await giveBack();
    throw error;
  }
  await giveBack();
  for (const key of clearOnSuccess) await clearRateLimit(db, key);
  return result;
}

/**
 * Runs one sign-in attempt under the failed sign-in limits (rateLimitRules.signInFailures*); a
 * correct sign-in clears the failures counted for this account from this address.
 */
export async function limitSignInFailures<T, E extends AppEnv = AppEnv>(
  c: Context<E>,
  email: string,
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean,
): Promise<T> {
  const address = clientAddress(c);
  const accountAndAddress = signInFailureKeys.perAccountAndAddress(email, address);
  return limitFailures(
    c,
    [
      [signInFailureKeys.perAddress(address), rateLimitRules.signInFailuresPerAddress],
      [accountAndAddress, rateLimitRules.signInFailuresPerAccountAndAddress],
      [signInFailureKeys.perAccount(email), rateLimitRules.signInFailuresPerAccount],
    ],
    attempt,
    isFailure,
    [accountAndAddress],
  );
}

export function addressKey(c: Context, action: string): string {
  return `${action}:ip:${clientAddress(c)}`;
}
