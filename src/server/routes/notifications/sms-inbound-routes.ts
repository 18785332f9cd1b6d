import { bodyLimit } from 'hono/body-limit';
import twilio from 'twilio';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';
import { receiveInboundText } from '../../services/text-messages/receive-inbound-text';
import { declareRoutes } from '../contract/declare-routes';

const { router, route } = declareRoutes('signedOut');

const MAX_INBOUND_BYTES = 64 * 1024;

/** The fields Twilio posts for an incoming text (the ones read here; it sends more). */
const inboundSchema = {
  type: 'object',
  properties: {
    From: { type: 'string', description: 'The sender, E.164' },
    To: { type: 'string', description: 'Our number, E.164' },
    Body: { type: 'string', description: 'What they wrote' },
    OptOutType: {
      type: 'string',
      description: "STOP, START or HELP, when Twilio's opt-out handling read one",
    },
  },
} as const;

/**
 * Open to anyone, proven otherwise: texts people send to our number, as Twilio forwards them
 * (mounted at /api/sms). Accepted only with a valid X-Twilio-Signature over our public address
 * and the form fields (403 otherwise, and always without Twilio: the sandbox receives nothing).
 * STOP opts the number out, START back in; the answer is empty TwiML, as Twilio itself sends the
 * carriers' confirmation.
 */
export const smsInboundRoutes = router().openapi(
  route(
    {
      method: 'post',
      path: '/inbound',
      summary: 'An incoming text, forwarded by Twilio (signed: X-Twilio-Signature)',
      request: {
        body: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: inboundSchema } },
        },
      },
      responses: {
        200: {
          description: 'Received: empty TwiML',
          content: { 'text/xml': { schema: { type: 'string' } } },
        },
      },
    },
    {
      after: [
        bodyLimit({
          maxSize: MAX_INBOUND_BYTES,
          onError: (c) =>
            c.json({ error: { code: 'body_too_large', message: genericErrors.bodyTooLarge } }, 413),
        }),
      ],
    },
  ),
  async (c) => {
    const { db, env, sms, logger } = c.var.services;
    const params: Record<string, string> = {};
    if (/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
      for (const [key, value] of new URLSearchParams(await c.req.text())) params[key] = value;
    }
    const url = `${env.publicUrl}${c.req.path}${new URL(c.req.url).search}`;
    const signature = c.req.header('x-twilio-signature') ?? '';
    if (!sms.isSignedInbound({ url, params, signature })) {
      logger.warn('inbound text refused', { reason: signature ? 'bad signature' : 'unsigned' });
      throw new DomainError(403, 'bad_signature', genericErrors.forbidden);
    }
    const outcome = await receiveInboundText(db, params);
    if (outcome !== 'ignored') logger.info('inbound text', { outcome });
    return c.body(new twilio.twiml.MessagingResponse().toString(), 200, {
      'content-type': 'text/xml; charset=utf-8',
    });
  },
);
