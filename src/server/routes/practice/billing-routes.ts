import { Hono, type Context } from 'hono';
import { exchangeBankTokenSchema, sandboxPublicTokenSchema } from '@shared/practice/billing';
import type { RateLimitRule } from '../../services/rate-limit/consume-rate-limit';
import { clearPaymentMethod } from '../../services/billing/clear-payment-method';
import {
  createLinkToken,
  createSandboxPublicToken,
} from '../../services/billing/create-link-token';
import { getBilling } from '../../services/billing/get-billing';
import { linkBankAccount } from '../../services/billing/link-bank-account';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';
import { enforceRateLimits } from '../rate-limits';
import { requireAccount } from '../session';

/** Each link attempt may cost a call to the provider: a practice gets a generous, bounded number. */
const linkAttemptsPerUser: RateLimitRule = { max: 30, windowSeconds: 60 * 60 };

function sessionUserId(c: Context<AppEnv>): string {
  // requireAccount('practice') ran first, so the user is there.
  return c.get('sessionUser')!.id;
}

async function limitLinkAttempts(c: Context<AppEnv>, action: string) {
  await enforceRateLimits(c, [[`${action}:user:${sessionUserId(c)}`, linkAttemptsPerUser]]);
}

/**
 * Mounted at /api/practice/billing. Only a signed-in practice; every query is by its own user id,
 * so one practice never reaches another's record.
 */
export const billingRoutes = new Hono<AppEnv>()
  .use('*', requireAccount('practice'))
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/', async (c) => c.json(await getBilling(c.get('services'), sessionUserId(c))))
  .post('/link-token', async (c) => {
    await limitLinkAttempts(c, 'bank-link-token');
    return c.json(await createLinkToken(c.get('services'), sessionUserId(c)));
  })
  .post('/sandbox/public-token', async (c) => {
    const input = await readJson(c, sandboxPublicTokenSchema);
    return c.json(await createSandboxPublicToken(c.get('services'), sessionUserId(c), input));
  })
  .delete('/payment-method', async (c) => {
    await clearPaymentMethod(c.get('services'), sessionUserId(c));
    return c.body(null, 204);
  });

/** Mounted at /api: the bank-token exchange the product spec names, POST /api/exchange-plaid-token. */
export const bankTokenRoutes = new Hono<AppEnv>().post(
  '/exchange-plaid-token',
  requireAccount('practice'),
  async (c) => {
    const input = await readJson(c, exchangeBankTokenSchema);
    await limitLinkAttempts(c, 'bank-token-exchange');
    c.header('Cache-Control', 'no-store');
    return c.json(await linkBankAccount(c.get('services'), sessionUserId(c), input));
  },
);
