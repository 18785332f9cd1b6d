import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { notificationMessages, type NotificationKind } from '@shared/marketplace/notifications';
import type { NotificationsReply } from '@shared/marketplace/notification-replies';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { DomainError } from '../services/domain-error';
import { keptAnswer } from '../services/kept-answer-registry';

/** The bell shows this many, newest first. */
export const BELL_LIMIT = 50;

/** The person's newest notifications and how many of all theirs are unread. */
export async function listNotifications(db: Database, userId: string): Promise<NotificationsReply> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(BELL_LIMIT);
  const [unread] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    unreadCount: Number(unread?.value ?? 0),
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      title: row.title,
      body: row.body,
      linkPath: row.linkPath,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * GET /api/notifications as sent, kept in the server's memory (decision record 011) until one
 * of the person's notifications is added, read or removed (announced as 'bell:<user id>').
 */
export function notificationsJson(db: Database, userId: string): Promise<string> {
  return keptAnswer(db, 'bell', [userId], async () => ({
    body: JSON.stringify(await listNotifications(db, userId)),
    tags: [`bell:${userId}`, `user:${userId}`],
    expiresAt: Infinity,
  }));
}

/** Marks one of the person's own notifications read; anyone else's (or no such id) is a 404. */
export async function markNotificationRead(
  db: Database,
  userId: string,
  id: string,
): Promise<void> {
  const notFound = new DomainError(404, 'not_found', notificationMessages.notFound);
  const [row] = await db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) throw notFound;
  if (row.readAt) return;
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)),
    );
}

/** Marks every unread notification of the person read. */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
