import type { Context } from 'hono';
import {
  billingReply,
  exchangeBankTokenReply,
  exchangeBankTokenSchema,
  linkTokenReply,
  sandboxPublicTokenReply,
  sandboxPublicTokenSchema,
} from '@shared/practice/billing';
import type { RateLimitRule } from '../../services/rate-limit/consume-rate-limit';
import { clearPaymentMethod } from '../../services/billing/clear-payment-method';
import {
  createLinkToken,
  createSandboxPublicToken,
} from '../../services/billing/create-link-token';
import { getBilling } from '../../services/billing/get-billing';
import { linkBankAccount } from '../../services/billing/link-bank-account';
import type { AppEnv } from '../app-env';
import { clientAddress } from '../client-address';
import { declareRoutes, emptyAnswer, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { enforceRateLimits } from '../rate-limits';

const { router, route } = declareRoutes('practice');

/** Each link attempt may cost a call to the provider: a practice gets a generous, bounded number. */
const linkAttemptsPerUser: RateLimitRule = { max: 30, windowSeconds: 60 * 60 };

async function limitLinkAttempts<E extends AppEnv>(c: Context<E>, action: string, userId: string) {
  await enforceRateLimits(c, [[`${action}:user:${userId}`, linkAttemptsPerUser]]);
}

/**
 * Mounted at /api/practice/billing: the practice's payment method. Every query is by the
 * signed-in account's own user id, so one practice never reaches another's record.
 */
export const billingRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: 'The linked bank account, if any, and which bank-linking widget is used',
      responses: { 200: jsonAnswer(billingReply, 'The billing record') },
    }),
    async (c) => c.json(await getBilling(c.var.services, c.var.actor.userId), 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/link-token',
        summary: 'Open the bank-linking widget (a Plaid link token, or the sandbox banks)',
        responses: { 200: jsonAnswer(linkTokenReply, 'What the widget needs') },
      },
      { errors: [429] },
    ),
    async (c) => {
      const { userId } = c.var.actor;
      await limitLinkAttempts(c, 'bank-link-token', userId);
      return c.json(await createLinkToken(c.var.services, userId), 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/sandbox/public-token',
      summary: 'The sandbox widget: the public token of the chosen account (no real bank)',
      request: { body: jsonBody(sandboxPublicTokenSchema) },
      responses: { 200: jsonAnswer(sandboxPublicTokenReply, 'The public token') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(await createSandboxPublicToken(c.var.services, c.var.actor.userId, input), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'delete',
        path: '/payment-method',
        summary: 'Remove the linked bank account (refused while charges or booked shifts are due)',
        responses: { 204: emptyAnswer('Removed') },
      },
      { errors: [409] },
    ),
    async (c) => {
      await clearPaymentMethod(c.var.services, c.var.actor.userId);
      return c.body(null, 204);
    },
  );

/** Mounted at /api: the bank-token exchange the product spec names, POST /api/exchange-plaid-token. */
export const bankTokenRoutes = router().openapi(
  route(
    {
      method: 'post',
      path: '/exchange-plaid-token',
      summary: "Link the bank account chosen in the widget (the widget's public token and account)",
      request: { body: jsonBody(exchangeBankTokenSchema) },
      responses: { 200: jsonAnswer(exchangeBankTokenReply, 'The bank account token') },
    },
    { errors: [429] },
  ),
  async (c) => {
    const input = c.req.valid('json');
    const { userId } = c.var.actor;
    await limitLinkAttempts(c, 'bank-token-exchange', userId);
    const authorization = {
      ipAddress: clientAddress(c),
      userAgent: c.req.header('user-agent') ?? '',
    };
    return c.json(await linkBankAccount(c.var.services, userId, input, authorization), 200);
  },
);
