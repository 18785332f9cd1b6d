import { z } from 'zod';
import { notificationKinds } from './notification-constants';

/** The bell's and the e-mail settings' answers as zod schemas (types inferred from them). */

export const notificationReply = z
  .object({
    id: z.string(),
    kind: z.enum(notificationKinds),
    title: z.string(),
    body: z.string(),
    linkPath: z.string(),
    read: z.boolean(),
    createdAt: z.string().meta({ description: 'ISO 8601 instant' }),
  })
  .meta({ id: 'Notification' });

export const notificationsReply = z
  .object({ unreadCount: z.number().int(), notifications: z.array(notificationReply) })
  .meta({ id: 'Notifications' });

export const emailPreferencesReply = z
  .object({
    preferences: z.array(
      z.object({ kind: z.enum(notificationKinds), label: z.string(), enabled: z.boolean() }),
    ),
  })
  .meta({ id: 'EmailPreferences' });

/** The signed-in person's private calendar feed link. */
export const calendarFeedReply = z.object({ url: z.string() }).meta({ id: 'CalendarFeed' });

export type NotificationDto = z.infer<typeof notificationReply>;
export type NotificationsReply = z.infer<typeof notificationsReply>;
export type EmailPreferencesReply = z.infer<typeof emailPreferencesReply>;
export type CalendarFeedReply = z.infer<typeof calendarFeedReply>;
