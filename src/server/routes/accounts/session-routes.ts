import { portalPathByAccountType } from '@shared/accounts';
import { sessionReply } from '@shared/account-replies';
import { declareRoutes, jsonAnswer } from '../contract/declare-routes';
import { loadSessionUser } from '../session';

const { router, route } = declareRoutes('signedOut');

/** GET /api/session: the signed-in user (never the session token), or null when signed out. */
export const sessionRoutes = router().openapi(
  route({
    method: 'get',
    path: '/',
    summary: 'Who is signed in (null when nobody is) and where their portal is',
    responses: { 200: jsonAnswer(sessionReply, 'The session') },
  }),
  async (c) => {
    const user = await loadSessionUser(c);
    const portalPath = user ? portalPathByAccountType[user.accountType] : null;
    return c.json({ user: user && portalPath ? { ...user, portalPath } : null }, 200);
  },
);
