import { z } from 'zod';
import { emailPreferencesSchema, notificationMessages } from '@shared/marketplace/notifications';
import type { NotificationAudience } from '@shared/marketplace/notification-constants';
import {
  emailPreferencesReply,
  notificationsReply,
} from '@shared/marketplace/notification-replies';
import {
  notificationsJson,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../notifications/bell';
import { getEmailPreferences, updateEmailPreferences } from '../../notifications/email-preferences';
import {
  pushMessages,
  pushPreferencesSchema,
  pushSettingsReply,
  pushSubscriptionSchema,
} from '@shared/marketplace/push-notifications';
import {
  addPushDevice,
  getPushSettings,
  removePushDevice,
  updatePushPreferences,
} from '../../push/push-settings';
import type { SessionUser } from '../app-env';
import {
  declareRoutes,
  emptyAnswer,
  idParam,
  jsonAnswer,
  jsonBody,
} from '../contract/declare-routes';
import { jsonText } from '../http';

const { router, route } = declareRoutes('bellOwner');

function audienceOf(user: SessionUser): NotificationAudience {
  return user.accountType === 'practice' ? 'practice' : 'professional';
}

/**
 * The bell, the e-mail settings and the push settings and devices of practices and professionals (mounted at
 * /api/notifications; admins have none). A person reaches only their own notifications: anyone
 * else's id is a 404.
 */
export const notificationRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: 'The newest notifications and how many are unread',
      responses: { 200: jsonAnswer(notificationsReply, 'The notifications') },
    }),
    async (c) => jsonText(c, await notificationsJson(c.var.services.db, c.var.actor.id)),
  )
  .openapi(
    route({
      method: 'post',
      path: '/read-all',
      summary: 'Mark every notification read',
      responses: { 204: emptyAnswer('Done') },
    }),
    async (c) => {
      await markAllNotificationsRead(c.var.services.db, c.var.actor.id);
      return c.body(null, 204);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/{id}/read',
      summary: 'Mark one notification read',
      request: { params: z.object({ id: idParam(notificationMessages.notFound) }) },
      responses: { 204: emptyAnswer('Done') },
    }),
    async (c) => {
      await markNotificationRead(c.var.services.db, c.var.actor.id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/email-preferences',
      summary: 'Which notices are also sent by e-mail',
      responses: { 200: jsonAnswer(emailPreferencesReply, 'The settings') },
    }),
    async (c) => {
      const user = c.var.actor;
      return c.json(await getEmailPreferences(c.var.services.db, user.id, audienceOf(user)), 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/email-preferences',
      summary: 'Turn e-mails of some kinds of notice on or off ({ kind: boolean })',
      request: { body: jsonBody(emailPreferencesSchema) },
      responses: { 200: jsonAnswer(emailPreferencesReply, 'The settings as saved') },
    }),
    async (c) => {
      const user = c.var.actor;
      const input = c.req.valid('json');
      const saved = await updateEmailPreferences(
        c.var.services.db,
        user.id,
        audienceOf(user),
        input,
      );
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/push',
      summary: 'Push notifications: the public key to subscribe with, settings per kind, devices',
      responses: { 200: jsonAnswer(pushSettingsReply, 'The push settings') },
    }),
    async (c) => {
      const { db, env } = c.var.services;
      const user = c.var.actor;
      return c.json(await getPushSettings(db, env, user.id, audienceOf(user)), 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/push/devices',
      summary: 'Turn push notifications on for this browser (its PushManager subscription)',
      request: { body: jsonBody(pushSubscriptionSchema) },
      responses: { 200: jsonAnswer(pushSettingsReply, 'The push settings, with this device') },
    }),
    async (c) => {
      const { db, env } = c.var.services;
      const user = c.var.actor;
      const saved = await addPushDevice(
        db,
        env,
        user.id,
        audienceOf(user),
        c.req.valid('json'),
        c.req.header('user-agent') ?? null,
      );
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/push/devices/{id}',
      summary: 'Turn push notifications off for one of my devices',
      request: { params: z.object({ id: idParam(pushMessages.deviceNotFound) }) },
      responses: { 200: jsonAnswer(pushSettingsReply, 'The push settings, without the device') },
    }),
    async (c) => {
      const { db, env } = c.var.services;
      const user = c.var.actor;
      const saved = await removePushDevice(
        db,
        env,
        user.id,
        audienceOf(user),
        c.req.valid('param').id,
      );
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/push/preferences',
      summary: 'Turn pushes of some kinds of notice on or off ({ kind: boolean })',
      request: { body: jsonBody(pushPreferencesSchema) },
      responses: { 200: jsonAnswer(pushSettingsReply, 'The push settings as saved') },
    }),
    async (c) => {
      const { db, env } = c.var.services;
      const user = c.var.actor;
      const saved = await updatePushPreferences(
        db,
        env,
        user.id,
        audienceOf(user),
        c.req.valid('json'),
      );
      return c.json(saved, 200);
    },
  );
