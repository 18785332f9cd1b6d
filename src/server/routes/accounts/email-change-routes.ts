import { emailChangeConfirmedReply, emailChangeRequestedReply } from '@shared/account-replies';
import {
  emailChangeConfirmSchema,
  emailChangeMessages,
  emailChangeRequestSchema,
} from '@shared/validation/email-change';
import { confirmEmailChange, requestEmailChange } from '../../services/accounts/change-email';
import { declareRoutes, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { enforceRateLimits, rateLimitRules } from '../rate-limits';

const profileOwners = declareRoutes('bellOwner');
const linkOpeners = declareRoutes('signedOut');

/**
 * /api/account/email: one e-mail per account, changed only through a link to the new address.
 * POST /change (a signed-in professional or practice): sends the link, changes nothing yet.
 * POST /confirm (whoever opens the link, signed in or not): the token makes the change.
 */
export const emailChangeRoutes = profileOwners
  .router()
  .openapi(
    profileOwners.route(
      {
        method: 'post',
        path: '/change',
        summary: 'Send a confirmation link to a new e-mail address (nothing changes yet)',
        request: { body: jsonBody(emailChangeRequestSchema) },
        responses: { 202: jsonAnswer(emailChangeRequestedReply, 'The link was sent') },
      },
      { errors: [409, 429] },
    ),
    async (c) => {
      const user = c.var.actor;
      const { newEmail } = c.req.valid('json');
      await enforceRateLimits(c, [[`email-change:user:${user.id}`, rateLimitRules.resetPerEmail]]);
      const result = await requestEmailChange(c.var.services, user, newEmail);
      return c.json({ ...result, message: emailChangeMessages.linkSent(result.pendingEmail) }, 202);
    },
  )
  .route(
    '/',
    linkOpeners.router().openapi(
      linkOpeners.route(
        {
          method: 'post',
          path: '/confirm',
          summary: "Confirm the new e-mail with the link's token: sign-in and notices move to it",
          request: { body: jsonBody(emailChangeConfirmSchema) },
          responses: { 200: jsonAnswer(emailChangeConfirmedReply, 'The e-mail was changed') },
        },
        { errors: [409] },
      ),
      async (c) => {
        const { token } = c.req.valid('json');
        const result = await confirmEmailChange(c.var.services, token);
        return c.json({ ...result, message: emailChangeMessages.confirmed(result.email) }, 200);
      },
    ),
  );
