import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../db/outbox-queue';
import { noticeQueue } from '../db/schema';
import type { Clock } from '../clock';
import type { Env } from '../env';
import {
  timesheetNoticeMessages,
  timesheetsToTell,
  type TimesheetToTell,
} from '../services/attendance/timesheet-notices';
import { deliverNotifications, type CollectedNotices } from './deliver-notifications';
import type { QueuedNotice } from './notice-queue';
import { emailNewApplicants } from './applicant-emails';
import type { BookingContacts } from './marketplace-messages';
import { contactsOfConfirmedBookings, marketplaceNotices } from './notify';
import { shiftLifecycleMessages } from './shift-lifecycle-messages';
import { trustMessages } from './trust-messages';

/** How many queued notices one transaction of the worker delivers. */
export const NOTICE_BATCH_SIZE = 100;

interface QueuedRow {
  id: string;
  source: QueuedNotice['source'];
  event: unknown;
  occurred_at: string | Date;
  attempts: number;
}

/** What the notices of a whole batch read, at once: booking contacts and timesheets. */
interface BatchReads {
  contacts: ReadonlyMap<string, BookingContacts>;
  timesheets: ReadonlyMap<string, TimesheetToTell>;
}

async function readForBatch(db: Database, rows: readonly QueuedRow[]): Promise<BatchReads> {
  const notices = rows.map((row) => ({ source: row.source, event: row.event }) as QueuedNotice);
  return {
    contacts: await contactsOfConfirmedBookings(
      db,
      notices.flatMap((notice) => (notice.source === 'marketplace' ? [notice.event] : [])),
    ),
    timesheets: await timesheetsToTell(
      db,
      notices.flatMap((notice) => (notice.source === 'timesheet' ? [notice.event] : [])),
    ),
  };
}

/** What one queued notice comes to: its messages, and what follows once they are recorded. */
function collect(env: Pick<Env, 'publicUrl'>, row: QueuedRow, reads: BatchReads): CollectedNotices {
  const notice = { source: row.source, event: row.event } as QueuedNotice;
  switch (notice.source) {
    case 'marketplace':
      return marketplaceNotices(env, notice.event, new Date(row.occurred_at), reads.contacts);
    case 'shift-lifecycle':
      return { messages: shiftLifecycleMessages(notice.event, env.publicUrl) };
    case 'trust':
      return { messages: trustMessages(notice.event, env.publicUrl) };
    case 'timesheet':
      return {
        messages: timesheetNoticeMessages(
          env.publicUrl,
          notice.event,
          reads.timesheets.get(notice.event.timesheetId),
        ),
      };
  }
}

/**
 * Composes and records queued notices' bell entries, e-mails, pushes and texts, in the order
 * they happened: what they say read for the whole batch at once (the confirmed bookings'
 * contacts, the timesheets), then every message of them in one deliverNotifications
 * (a handful of statements for the whole batch, not for each notice: under load the worker
 * shares the machine with the requests), then the applicant e-mails of the batch's applications
 * (as few statements again).
 */
async function deliver(
  db: Database,
  env: Pick<Env, 'publicUrl'>,
  clock: Clock,
  rows: readonly QueuedRow[],
): Promise<void> {
  const reads = await readForBatch(db, rows);
  const collected = rows.map((row) => collect(env, row, reads));
  // Shift alerts among them count against the New Jersey day they are delivered on.
  await deliverNotifications(
    db,
    collected.flatMap(({ messages }) => messages),
    clock.now(),
  );
  await emailNewApplicants(
    db,
    env,
    collected.flatMap(({ emailApplicantsOf }) => (emailApplicantsOf ? [emailApplicantsOf] : [])),
  );
}

/**
 * One pass of the notice worker: takes up to NOTICE_BATCH_SIZE due notices (rows locked with SKIP
 * LOCKED, so instances never take the same one), delivers them and deletes them in one
 * transaction: each is delivered once, or not at all when the transaction fails. When one of
 * the batch fails, each is then tried in a transaction of its own, so the others go out and the
 * failing one is tried again later (after MAX_ATTEMPTS it stays, marked failed, with its error).
 * Shift alerts count against the New Jersey day on `clock` (the market clock) at delivery.
 * Answers how many were delivered.
 */
export async function deliverQueuedNotices(
  db: Database,
  env: Pick<Env, 'publicUrl'>,
  clock: Clock,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const rows = await queryRows<QueuedRow>(
        tx,
        sql`with taken as (
            delete from notice_queue where id in (
              select id from notice_queue
              where failed_at is null and next_attempt_at <= now()
              order by next_attempt_at limit ${NOTICE_BATCH_SIZE}
              for update skip locked)
            returning id, source, event, occurred_at, attempts)
          select * from taken order by occurred_at`,
      );
      await deliver(tx, env, clock, rows);
      return rows.length;
    });
  } catch {
    return deliverOneByOne(db, env, clock);
  }
}

async function deliverOneByOne(
  db: Database,
  env: Pick<Env, 'publicUrl'>,
  clock: Clock,
): Promise<number> {
  const due = await queryRows<{ id: string; attempts: number }>(
    db,
    sql`select id, attempts from notice_queue where failed_at is null and next_attempt_at <= now()
      order by next_attempt_at limit ${NOTICE_BATCH_SIZE}`,
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
        await deliver(tx, env, clock, [row]);
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
