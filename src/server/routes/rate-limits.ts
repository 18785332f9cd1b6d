import type { Context } from 'hono';
import { loginErrors } from '@shared/messages';
import { consumeRateLimit, type RateLimitRule } from '../services/rate-limit/consume-rate-limit';
import { DomainError } from '../services/domain-error';
import type { AppEnv } from './app-env';
import { clientAddress } from './client-address';

export const rateLimitRules = {
  signInPerEmail: { max: 10, windowSeconds: 15 * 60 },
  signInPerAddress: { max: 300, windowSeconds: 15 * 60 },
  signUpPerAddress: { max: 300, windowSeconds: 60 * 60 },
  resetPerEmail: { max: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { max: 100, windowSeconds: 60 * 60 },
  /** Core Web Vitals: a page sends one or two reports when hidden or left; offices share addresses. */
  webVitalsPerAddress: { max: 300, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Counts this request against each key; refuses with 429 and the spec's text once one is over. */
export async function enforceRateLimits(
  c: Context<AppEnv>,
  checks: Array<[key: string, rule: RateLimitRule]>,
): Promise<void> {
  const { db } = c.get('services');
  for (const [key, rule] of checks) {
    if (!(await consumeRateLimit(db, key, rule))) {
      throw new DomainError(429, 'too_many_requests', loginErrors.tooManyRequests);
    }
  }
}

export function addressKey(c: Context, action: string): string {
  return `${action}:ip:${clientAddress(c)}`;
}
