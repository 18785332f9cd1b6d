import { z } from 'zod';
import { accountSecurityMessages } from '@shared/account-security';
import {
  accountSessionsReply,
  messageReply,
  otherSessionsEndedReply,
} from '@shared/account-replies';
import { genericErrors } from '@shared/messages';
import {
  endAccountSession,
  endOtherAccountSessions,
  listAccountSessions,
} from '../../services/accounts/account-sessions';
import { declareRoutes, idParam, jsonAnswer } from '../contract/declare-routes';

const { router, route } = declareRoutes('account');

/**
 * The signed-in user's own sessions (mounted at /api/account/sessions): list them, end one, end
 * all but the current one. Only the caller's own rows are ever read or deleted.
 */
export const accountSessionsRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: 'The devices signed in to this account, the current one marked',
      responses: { 200: jsonAnswer(accountSessionsReply, 'The sessions') },
    }),
    async (c) => {
      const { id, sessionId } = c.var.actor;
      return c.json({ sessions: await listAccountSessions(c.var.services.db, id, sessionId) }, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/end-others',
      summary: 'Sign out every other device',
      responses: { 200: jsonAnswer(otherSessionsEndedReply, 'How many sessions ended') },
    }),
    async (c) => {
      const { id, sessionId } = c.var.actor;
      const ended = await endOtherAccountSessions(c.var.services.db, id, sessionId);
      return c.json({ message: accountSecurityMessages.otherSessionsEnded, ended }, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/{id}',
      summary: 'Sign out one device',
      request: { params: z.object({ id: idParam(genericErrors.notFound) }) },
      responses: { 200: jsonAnswer(messageReply, 'The session ended') },
    }),
    async (c) => {
      await endAccountSession(c.var.services.db, c.var.actor.id, c.req.valid('param').id);
      return c.json({ message: accountSecurityMessages.sessionEnded }, 200);
    },
  );
