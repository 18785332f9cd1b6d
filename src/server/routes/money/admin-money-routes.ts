import { z } from 'zod';
import { moneyMessages } from '@shared/money/money-texts';
import {
  adminMoneyQuerySchema,
  adminMoneyReply,
  chargeReply,
  refundChargeSchema,
} from '@shared/money/money-replies';
import { getAdminMoney, refundCharge } from '../../services/money/admin-money';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';

const { router, route } = declareRoutes('admin');

/** The staff's money console (mounted at /api/admin): the ledger, charges, payouts, refunds. */
export const adminMoneyRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/money',
      summary: 'Ledger balances, failures, disputes, and the charges and payouts found',
      request: { query: adminMoneyQuerySchema },
      responses: { 200: jsonAnswer(adminMoneyReply, 'The money console') },
    }),
    async (c) => c.json(await getAdminMoney(c.var.services, c.req.valid('query')), 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/charges/{id}/refund',
        summary: 'Refund a paid charge (all of it before the payout, the fee after)',
        request: {
          params: z.object({ id: idParam(moneyMessages.chargeNotFound) }),
          body: jsonBody(refundChargeSchema),
        },
        responses: { 200: jsonAnswer(chargeReply, 'The refunded charge') },
      },
      { errors: [409, 503] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await refundCharge(c.var.services, c.var.actor.id, id, c.req.valid('json').note),
        200,
      );
    },
  );
