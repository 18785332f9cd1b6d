import { eq, sql } from 'drizzle-orm';
import {
  notificationKindInfo,
  type NotificationAudience,
  type NotificationKind,
} from '@shared/marketplace/notifications';
import type { EmailPreferencesReply } from '@shared/marketplace/notification-replies';
import type { Database } from '../db/client';
import { emailPreferences, user } from '../db/schema';
import { readKindPreferences, saveKindPreferences } from './kind-preferences';

/** The person's e-mail settings: each kind of their audience, on unless they turned it off. */
export async function getEmailPreferences(
  db: Database,
  userId: string,
  audience: NotificationAudience,
): Promise<EmailPreferencesReply> {
  return {
    preferences: await readKindPreferences(
      db,
      emailPreferences,
      userId,
      audience,
      (kind) => notificationKindInfo[kind].label,
    ),
  };
}

/**
 * Saves the given settings (one upsert for all); a kind that is not for the person's audience is
 * refused with a 400 and nothing is saved.
 */
export async function updateEmailPreferences(
  db: Database,
  userId: string,
  audience: NotificationAudience,
  input: Record<string, boolean>,
): Promise<EmailPreferencesReply> {
  await saveKindPreferences(db, emailPreferences, userId, audience, input);
  return getEmailPreferences(db, userId, audience);
}

/**
 * Turns one kind of e-mail off for a person (an unsubscribe link). Idempotent; returns false when
 * there is no such person (any more).
 */
export async function turnEmailOff(
  db: Database,
  userId: string,
  kind: NotificationKind,
): Promise<boolean> {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!found) return false;
  await db
    .insert(emailPreferences)
    .values({ userId, kind, enabled: false, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [emailPreferences.userId, emailPreferences.kind],
      set: { enabled: false, updatedAt: sql`excluded.updated_at` },
    });
  return true;
}
