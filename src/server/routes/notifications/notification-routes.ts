import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { professionalRoles } from '@shared/accounts';
import {
  emailPreferencesSchema,
  type NotificationAudience,
} from '@shared/marketplace/notifications';
import { genericErrors } from '@shared/messages';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../notifications/bell';
import { getEmailPreferences, updateEmailPreferences } from '../../notifications/email-preferences';
import { DomainError } from '../../services/domain-error';
import type { AppEnv, SessionUser } from '../app-env';
import { readJson } from '../http';
import { loadSessionUser, requireAccount } from '../session';

/** Practices and professionals have a bell; admins do not. Answers are never cached. */
const bellOwners: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireAccount('practice', ...professionalRoles)(c, async () => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
};

async function signedIn(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await loadSessionUser(c);
  if (!user) throw new DomainError(401, 'unauthorized', genericErrors.unauthorized);
  return user;
}

function audienceOf(user: SessionUser): NotificationAudience {
  return user.accountType === 'practice' ? 'practice' : 'professional';
}

/**
 * The bell and the e-mail settings (mounted at /api/notifications; routes listed in
 * src/shared/marketplace/notifications.ts). Signed out: 401; admins: 403. A person reaches only
 * their own notifications: anyone else's id is a 404.
 */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/', bellOwners, async (c) => {
    const user = await signedIn(c);
    return c.json(await listNotifications(c.get('services').db, user.id));
  })
  .post('/read-all', bellOwners, async (c) => {
    const user = await signedIn(c);
    await markAllNotificationsRead(c.get('services').db, user.id);
    return c.body(null, 204);
  })
  .post('/:id/read', bellOwners, async (c) => {
    const user = await signedIn(c);
    await markNotificationRead(c.get('services').db, user.id, c.req.param('id'));
    return c.body(null, 204);
  })
  .get('/email-preferences', bellOwners, async (c) => {
    const user = await signedIn(c);
    return c.json(await getEmailPreferences(c.get('services').db, user.id, audienceOf(user)));
  })
  .put('/email-preferences', bellOwners, async (c) => {
    const user = await signedIn(c);
    const input = await readJson(c, emailPreferencesSchema);
    return c.json(
      await updateEmailPreferences(c.get('services').db, user.id, audienceOf(user), input),
    );
  });
