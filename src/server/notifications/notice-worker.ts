import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../db/outbox-queue';
import { noticeQueue } from '../db/schema';
import type { Env } from '../env';
import { deliverTimesheetNotice } from '../services/attendance/timesheet-notices';
import type { QueuedNotice } from './notice-queue';
import { deliverMarketplaceEvent } from './notify';
import { deliverShiftLifecycleEvent } from './shift-lifecycle-messages';
import { deliverTrustEvent } from './trust-messages';

/** How many queued notices one transaction of the worker delivers. */
const BATCH_SIZE = 100;

interface QueuedRow {
  id: string;
  source: QueuedNotice['source'];
  event: unknown;
  occurred_at: string | Date;
  attempts: number;
}

/** Composes and records one queued notice's bell entries, e-mails, pushes and texts. */
async function deliver(db: Database, env: Pick<Env, 'publicUrl'>, row: QueuedRow): Promise<void> {
  const notice = { source: row.source, event: row.event } as QueuedNotice;
  switch (notice.source) {
    case 'marketplace':
      return deliverMarketplaceEvent(db, env, notice.event, new Date(row.occurred_at));
    case 'shift-lifecycle':
      return deliverShiftLifecycleEvent(db, env, notice.event);
    case 'trust':
      return deliverTrustEvent(db, env, notice.event);
    case 'timesheet':
      return deliverTimesheetNotice(db, env.publicUrl, notice.event);
  }
}

/**
 * One pass of the notice worker: takes up to BATCH_SIZE due notices (rows locked with SKIP
 * LOCKED, so instances never take the same one), delivers them and deletes them in one
 * transaction: each is delivered once, or not at all when the transaction fails. When one of
 * the batch fails, each is then tried in a transaction of its own, so the others go out and the
 * failing one is tried again later (after MAX_ATTEMPTS it stays, marked failed, with its error).
 * Answers how many were delivered.
 */
export async function deliverQueuedNotices(
  db: Database,
  env: Pick<Env, 'publicUrl'>,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const rows = await queryRows<QueuedRow>(
        tx,
        sql`with taken as (
            delete from notice_queue where id in (
              select id from notice_queue
              where failed_at is null and next_attempt_at <= now()
              order by next_attempt_at limit ${BATCH_SIZE}
              for update skip locked)
            returning id, source, event, occurred_at, attempts)
          select * from taken order by occurred_at`,
      );
      // In the order they happened.
      for (const row of rows) await deliver(tx, env, row);
      return rows.length;
    });
  } catch {
    return deliverOneByOne(db, env);
  }
}

async function deliverOneByOne(db: Database, env: Pick<Env, 'publicUrl'>): Promise<number> {
  const due = await queryRows<{ id: string; attempts: number }>(
    db,
    sql`select id, attempts from notice_queue where failed_at is null and next_attempt_at <= now()
      order by next_attempt_at limit ${BATCH_SIZE}`,
  );
  let delivered = 0;
  for (const { id, attempts } of due) {
    try {
      delivered += await db.transaction(async (tx) => {
        const [row] = await queryRows<QueuedRow>(
          tx,
          sql`delete from notice_queue where id in (
              select id from notice_queue where id = ${id} and failed_at is null
              for update skip locked)
            returning id, source, event, occurred_at, attempts`,
        );
        if (!row) return 0;
        await deliver(tx, env, row);
        return 1;
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(noticeQueue)
        .set({
          attempts: attempts + 1,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelaySeconds(attempts + 1) * 1000),
          failedAt: attempts + 1 >= MAX_ATTEMPTS ? new Date() : null,
        })
        .where(eq(noticeQueue.id, id));
    }
  }
  return delivered;
}
