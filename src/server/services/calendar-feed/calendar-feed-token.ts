import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { calendarFeedPath } from '@shared/marketplace/calendar-feed';
import type { Database } from '../../db/client';
import { calendarFeeds } from '../../db/schema';

/** 32 random bytes, base64url (43 characters): not guessable. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function calendarFeedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${calendarFeedPath(token)}`;
}

/** The person's feed token, created on first use (two first uses at once agree on one). */
export async function getOrCreateCalendarToken(db: Database, userId: string): Promise<string> {
  await db
    .insert(calendarFeeds)
    .values({ userId, token: newToken() })
    .onConflictDoNothing({ target: calendarFeeds.userId });
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row!.token;
}

/** A new token for the person; the old URL stops working at once. */
export async function replaceCalendarToken(db: Database, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { token: sql`excluded.token`, createdAt: sql`now()` },
    });
  return token;
}
