import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { announcedIfQueued } from '../db/outbox-queue';
import type { TimesheetNoticeEvent } from '../services/attendance/timesheet-notices';
import type { MarketplaceEvent } from './events';
import type { ShiftLifecycleEvent } from './shift-lifecycle-messages';
import type { TrustEvent } from './trust-messages';

/** What happened, as data a later transaction can turn into notices (decision record 031). */
export type QueuedNotice =
  | { source: 'marketplace'; event: MarketplaceEvent }
  | { source: 'shift-lifecycle'; event: ShiftLifecycleEvent }
  | { source: 'trust'; event: TrustEvent }
  | { source: 'timesheet'; event: TimesheetNoticeEvent };

/**
 * Queues the notices of a change in the caller's transaction (one statement, however many): they
 * exist exactly when the change does, and the notice worker of every server instance hears of
 * them on the change channel once it is committed (db/outbox-queue.ts queuedNotice), so the bell
 * entries, e-mails, pushes and texts follow within moments, composed outside the request
 * (notice-worker.ts).
 */
export async function queueNotices(
  db: Database,
  notices: readonly QueuedNotice[],
  now: Date = new Date(),
): Promise<void> {
  if (notices.length === 0) return;
  await queryRows(
    db,
    sql`with queued as (${noticeRowsInsert(
      sql`${JSON.stringify(notices)}::jsonb`,
      sql`${now.toISOString()}::timestamptz`,
    )})
      select ${announcedIfQueued('notice_queue', 'queued')}`,
  );
}

/**
 * queueNotices as a part of a larger statement (a Drizzle `with`): `queued` to put in its `with`,
 * `announced` to select in it (or the announcement does not run). `notices` is the JSON array of
 * QueuedNotice (a value or a placeholder), queued only if `when` holds.
 */
export function noticesQueuedIn(db: Database, notices: SQL, occurredAt: SQL, when: SQL) {
  return {
    queued: db
      .$with('queued', { id: sql<string>`id` })
      .as(noticeRowsInsert(sql`${notices}::jsonb`, occurredAt, when)),
    announced: announcedIfQueued('notice_queue', 'queued'),
  };
}

/**
 * queueNotices' insert, returning the queued rows' ids. `notices` is the JSON array of
 * QueuedNotice; `when` a condition queuing them only if it holds.
 */
function noticeRowsInsert(notices: SQL, occurredAt: SQL, when: SQL = sql`true`): SQL {
  return sql`insert into notice_queue (source, event, occurred_at)
      select n.source, n.event, ${occurredAt}
      from jsonb_to_recordset(${notices}) as n(source text, event jsonb)
      where ${when}
      returning id`;
}

/** queueNotices for one notice. */
export function queueNotice(db: Database, notice: QueuedNotice, now?: Date): Promise<void> {
  return queueNotices(db, [notice], now);
}
