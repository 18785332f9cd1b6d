import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  notificationKindInfo,
  notificationKindsFor,
  notificationMessages,
  type NotificationAudience,
  type NotificationKind,
} from '@shared/marketplace/notifications';
import type { EmailPreferencesReply } from '@shared/marketplace/notification-replies';
import type { Database } from '../db/client';
import { emailPreferences, user } from '../db/schema';
import { DomainError } from '../services/domain-error';

/** The person's e-mail settings: each kind of their audience, on unless they turned it off. */
export async function getEmailPreferences(
  db: Database,
  userId: string,
  audience: NotificationAudience,
): Promise<EmailPreferencesReply> {
  const kinds = notificationKindsFor(audience);
  const rows = await db
    .select({ kind: emailPreferences.kind, enabled: emailPreferences.enabled })
    .from(emailPreferences)
    .where(and(eq(emailPreferences.userId, userId), inArray(emailPreferences.kind, kinds)));
  const stored = new Map(rows.map((row) => [row.kind, row.enabled]));
  return {
    preferences: kinds.map((kind) => ({
      kind,
      label: notificationKindInfo[kind].label,
      enabled: stored.get(kind) ?? true,
    })),
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
  const allowed = new Set<string>(notificationKindsFor(audience));
  const foreign = Object.keys(input).filter((kind) => !allowed.has(kind));
  if (foreign.length > 0) {
    throw new DomainError(
      400,
      'validation_failed',
      notificationMessages.notYours,
      Object.fromEntries(foreign.map((kind) => [kind, notificationMessages.notYours])),
    );
  }
  const now = new Date();
  await db
    .insert(emailPreferences)
    .values(
      Object.entries(input).map(([kind, enabled]) => ({
        userId,
        kind: kind as NotificationKind,
        enabled,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [emailPreferences.userId, emailPreferences.kind],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
    });
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
