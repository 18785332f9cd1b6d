import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { AccountSessionView } from '@shared/account-replies';
import { genericErrors } from '@shared/messages';
import { SESSION_ABSOLUTE_LIFETIME_SECONDS } from '../../auth/auth';
import type { Database } from '../../db/client';
import { session } from '../../db/schema';
import { DomainError } from '../domain-error';
import { describeDevice } from './describe-device';

/**
 * A user's live sessions, newest first: not past their idle expiry nor their absolute lifetime.
 * "Last active" is when the session was last used and its idle expiry pushed forward, which
 * happens at most once a day (the sign-in time until then).
 */
export async function listAccountSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
  now = new Date(),
): Promise<AccountSessionView[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(
      and(
        eq(session.userId, userId),
        gt(session.expiresAt, now),
        gt(session.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000)),
      ),
    )
    .orderBy(desc(session.createdAt), desc(session.id));
  return rows.map((row) => ({
    id: row.id,
    ...describeDevice(row.userAgent),
    ipAddress: row.ipAddress || null,
    signedInAt: row.createdAt.toISOString(),
    lastActiveAt: (row.updatedAt > row.createdAt ? row.updatedAt : row.createdAt).toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends one of the user's own sessions; its cookie stops working on the next request. Another
 * user's session id, or an unknown one, is a 404 that ends nothing.
 */
export async function endAccountSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<void> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  if (ended.length === 0) throw new DomainError(404, 'not_found', genericErrors.notFound);
}

/** Ends every session of the user except `keepSessionId`; answers how many were ended. */
export async function endOtherAccountSessions(
  db: Database,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, keepSessionId)))
    .returning({ id: session.id });
  return ended.length;
}
