import {
  exchangeBankTokenSchema,
  linkTokenReply,
  sandboxPublicTokenReply,
  sandboxPublicTokenSchema,
} from '@shared/practice/billing';
import { formatDuration, formatShortShiftDate } from '@shared/date-format';
import { formatHourlyRate, formatMoney } from '@shared/money-format';
import { z } from 'zod';
import { portalPathByAccountType } from '@shared/accounts';
import { chargeKindLabels, earningStatusLabels, moneyPaths } from '@shared/money/money-texts';
import {
  earningsQuerySchema,
  earningsReply,
  payoutAccountReply,
} from '@shared/money/money-replies';
import { practiceYearOf } from '@shared/practice/shift-dates';
import { contentDisposition } from '../../services/files/file-names';
import { earningsCsv, earningsJson, getEarnings } from '../../services/money/earnings';
import { jsonText } from '../http';
import {
  createPayoutLinkToken,
  createPayoutOnboardingLink,
  createPayoutSandboxToken,
  getPayoutAccount,
  linkPayoutAccount,
} from '../../services/money/payout-account';
import { professionalIdForUser } from '../../services/money/professional-id';
import { clientAddress } from '../client-address';
import { declareRoutes, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { enforceRateLimits } from '../rate-limits';

const { router, route } = declareRoutes('professional');

/** Each link attempt may cost calls to the bank and payment providers. */
const linkAttempts = { max: 30, windowSeconds: 60 * 60 };

/**
 * The professional's pay (mounted at /api/professional): Earnings by year (and as CSV), and the
 * payout bank their pay is sent to. Everything is read by the signed-in account's own id.
 */
export const professionalMoneyRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/earnings',
      summary: "The year's earnings: each shift, its amount, status and payout date",
      request: { query: earningsQuerySchema },
      responses: { 200: jsonAnswer(earningsReply, 'The earnings of the year') },
    }),
    async (c) => {
      const { year } = c.req.valid('query');
      const professionalId = await professionalIdForUser(c.var.services.db, c.var.actor.id);
      return jsonText(
        c,
        await earningsJson(
          c.var.services.db,
          professionalId,
          c.var.actor.id,
          year ?? practiceYearOf(new Date()),
        ),
      );
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/earnings/csv',
      summary: "The year's earnings as CSV (for taxes)",
      request: { query: earningsQuerySchema },
      responses: {
        200: {
          description: 'One row per shift and a total row',
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
      },
    }),
    async (c) => {
      const { year } = c.req.valid('query');
      const professionalId = await professionalIdForUser(c.var.services.db, c.var.actor.id);
      const earnings = await getEarnings(
        c.var.services.db,
        professionalId,
        year ?? practiceYearOf(new Date()),
      );
      const csv = earningsCsv(earnings, {
        date: formatShortShiftDate,
        hours: formatDuration,
        money: formatMoney,
        rate: formatHourlyRate,
        status: (status) => earningStatusLabels[status],
        kind: (kind) => chargeKindLabels[kind],
      });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header(
        'Content-Disposition',
        contentDisposition('attachment', `chairfill-earnings-${earnings.year}.csv`),
      );
      c.header('Cache-Control', 'private, no-store');
      return c.body(csv);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/payout-account',
      summary: 'The bank account pay is sent to',
      responses: { 200: jsonAnswer(payoutAccountReply, 'The payout account, if linked') },
    }),
    async (c) => c.json(await getPayoutAccount(c.var.services, c.var.actor.id), 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/payout-account/onboarding-link',
        summary: 'Where to give the payment provider what it still needs before it pays out',
        responses: {
          200: jsonAnswer(z.object({ url: z.string() }), "The provider's onboarding page"),
        },
      },
      { errors: [409, 429, 503] },
    ),
    async (c) => {
      await enforceRateLimits(c, [[`payout-link:user:${c.var.actor.id}`, linkAttempts]]);
      const settings = moneyPaths.professionalSettings(portalPathByAccountType[c.var.actor.role]);
      return c.json(
        await createPayoutOnboardingLink(c.var.services, c.var.actor.id, settings),
        200,
      );
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/payout-account/link-token',
        summary: 'Open the bank-linking widget for the payout bank',
        responses: { 200: jsonAnswer(linkTokenReply, 'What the widget needs') },
      },
      { errors: [429, 503] },
    ),
    async (c) => {
      await enforceRateLimits(c, [[`payout-link:user:${c.var.actor.id}`, linkAttempts]]);
      return c.json(await createPayoutLinkToken(c.var.services, c.var.actor.id), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/payout-account/sandbox/public-token',
        summary: "The sandbox widget's stand-in for Plaid Link's public token",
        request: { body: jsonBody(sandboxPublicTokenSchema) },
        responses: { 200: jsonAnswer(sandboxPublicTokenReply, 'The public token') },
      },
      { errors: [429, 503] },
    ),
    async (c) => {
      await enforceRateLimits(c, [[`payout-link:user:${c.var.actor.id}`, linkAttempts]]);
      return c.json(
        await createPayoutSandboxToken(c.var.services, c.var.actor.id, c.req.valid('json')),
        200,
      );
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/payout-account',
        summary: 'Link the payout bank chosen in the widget',
        request: { body: jsonBody(exchangeBankTokenSchema) },
        responses: { 200: jsonAnswer(payoutAccountReply, 'The linked payout account') },
      },
      { errors: [429, 503] },
    ),
    async (c) => {
      await enforceRateLimits(c, [[`payout-link:user:${c.var.actor.id}`, linkAttempts]]);
      return c.json(
        await linkPayoutAccount(
          c.var.services,
          c.var.actor.id,
          c.req.valid('json'),
          clientAddress(c),
        ),
        200,
      );
    },
  );
