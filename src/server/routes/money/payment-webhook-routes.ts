import { bodyLimit } from 'hono/body-limit';
import { genericErrors } from '@shared/messages';
import { moneyMessages } from '@shared/money/money-texts';
import { payTermsReply } from '@shared/money/pay-terms';
import { z } from 'zod';
import { PaymentProviderError } from '../../payments/payment-provider';
import { applyPaymentEvent } from '../../services/money/apply-payment-event';
import { DomainError } from '../../services/domain-error';
import { declareRoutes, jsonAnswer } from '../contract/declare-routes';

const { router, route } = declareRoutes('signedOut');

const MAX_EVENT_BYTES = 256 * 1024;

/**
 * Open to anyone, proven otherwise: the payment provider's event notices (mounted at
 * /api/payments), accepted only with a valid signature over the exact bytes sent, recorded once
 * by event id (a notice sent again is acknowledged and changes nothing), and the pay terms in
 * force for the screens that explain them.
 */
export const paymentWebhookRoutes = router()
  .openapi(
    route(
      {
        method: 'post',
        path: '/webhook',
        summary: "The payment provider's signed event notice (Stripe-Signature header)",
        request: {
          body: {
            required: true,
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
        responses: {
          200: jsonAnswer(
            z.object({ received: z.literal(true), outcome: z.string() }),
            'Recorded (and applied, unless seen before)',
          ),
        },
      },
      {
        after: [
          bodyLimit({
            maxSize: MAX_EVENT_BYTES,
            onError: (c) =>
              c.json(
                { error: { code: 'body_too_large', message: genericErrors.bodyTooLarge } },
                413,
              ),
          }),
        ],
      },
    ),
    async (c) => {
      const raw = await c.req.text();
      const { payments } = c.var.services;
      let event;
      try {
        event = payments.readWebhook(raw, c.req.header('stripe-signature'));
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          c.var.services.logger.warn('payment event refused', { reason: error.message });
          throw new DomainError(400, 'webhook_rejected', moneyMessages.webhookRejected);
        }
        throw error;
      }
      const outcome = await applyPaymentEvent(c.var.services, event, JSON.parse(raw));
      return c.json({ received: true as const, outcome }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/terms',
      summary: "ChairFill's fee and the late-cancellation amount in force",
      responses: { 200: jsonAnswer(payTermsReply, 'The pay terms') },
    }),
    async (c) => {
      const { feeBasisPoints, lateCancelMinutes } = c.var.services.env.money;
      return c.json({ feeBasisPoints, lateCancelMinutes, lateCancelWindowHours: 24 }, 200);
    },
  );
