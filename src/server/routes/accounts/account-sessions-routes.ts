import { Hono } from 'hono';
import {
  accountSecurityMessages,
  sessionIdSchema,
  type AccountSessionsReply,
} from '@shared/account-security';
import { genericErrors } from '@shared/messages';
import {
  endAccountSession,
  endOtherAccountSessions,
  listAccountSessions,
} from '../../services/accounts/account-sessions';
import { DomainError } from '../../services/domain-error';
import type { AppEnv } from '../app-env';
import { signedInSession } from './signed-in-session';

/**
 * The signed-in user's own sessions (mounted at /api/account/sessions): list them, end one, end
 * all but the current one. Only the caller's own rows are ever read or deleted.
 */
export const accountSessionsRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/', async (c) => {
    const { user, sessionId } = await signedInSession(c);
    const sessions = await listAccountSessions(c.get('services').db, user.id, sessionId);
    return c.json({ sessions } satisfies AccountSessionsReply);
  })
  .post('/end-others', async (c) => {
    const { user, sessionId } = await signedInSession(c);
    const ended = await endOtherAccountSessions(c.get('services').db, user.id, sessionId);
    return c.json({ message: accountSecurityMessages.otherSessionsEnded, ended });
  })
  .delete('/:id', async (c) => {
    const { user } = await signedInSession(c);
    const id = sessionIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw new DomainError(404, 'not_found', genericErrors.notFound);
    await endAccountSession(c.get('services').db, user.id, id.data);
    return c.json({ message: accountSecurityMessages.sessionEnded });
  });
