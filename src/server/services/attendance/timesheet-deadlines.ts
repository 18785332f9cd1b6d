import { and, eq, lte, notExists, sql } from 'drizzle-orm';
import {
  APPROVAL_WINDOW_HOURS,
  SCHEDULED_TIMESHEET_AFTER_HOURS,
} from '@shared/marketplace/attendance';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { bookings, shifts, timesheets } from '../../db/schema';
import { approveTimesheet, insertTimesheet } from './timesheet-writes';

/** The database the deadlines are kept in. */
interface DeadlineContext {
  db: Database;
  clock: Clock;
}

/** How many bookings one run handles at most (the next run takes the rest). */
const BATCH = 500;

/**
 * A day after a booked shift ended with no timesheet and no no-show reported, ChairFill submits
 * one with the scheduled times and break, for the practice to approve or dispute like any other.
 * Each is written in its own transaction; the unique index keeps it to one per booking even when
 * the professional submits at the same moment. Returns how many it wrote.
 */
export async function submitScheduledTimesheets(ctx: DeadlineContext, now: Date = ctx.clock.now()) {
  const { db } = ctx;
  const endedBefore = new Date(now.getTime() - SCHEDULED_TIMESHEET_AFTER_HOURS * 3_600_000);
  // From the filled shifts that ended, oldest first (shifts_filled_ends_idx: a booked shift is
  // filled until its timesheet is approved, it is cancelled or a no-show is reported), each
  // looking up its booking: a run with nothing due reads next to nothing (it read every
  // confirmed booking, future ones too, every minute). The order keeps PostgreSQL on the index.
  const dueBooking = db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.shiftId, shifts.id),
        eq(bookings.status, 'confirmed'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(timesheets)
            .where(eq(timesheets.bookingId, bookings.id)),
        ),
      ),
    )
    .limit(1)
    .as('due_booking');
  const due = await db
    .select({ booking: dueBooking._.selectedFields, shift: shifts })
    .from(shifts)
    .crossJoinLateral(dueBooking)
    .where(and(eq(shifts.status, 'filled'), lte(shifts.endsAt, endedBefore)))
    .orderBy(shifts.endsAt)
    .limit(BATCH);
  let written = 0;
  for (const { booking, shift } of due) {
    const id = await db.transaction((tx) =>
      insertTimesheet(tx, {
        booking,
        rateCents: shift.rateCents,
        hours: {
          startedAt: shift.startsAt,
          endedAt: shift.endsAt,
          breakMinutes: shift.breakMinutes,
        },
        submittedBy: 'scheduled',
        now,
      }),
    );
    if (id) written += 1;
  }
  return written;
}

/**
 * Approves what the practice left undecided for 48 hours: each submitted timesheet past its
 * window becomes approved by 'auto' and completes its booking and shift. The approval is
 * conditional, so a practice approving at the same moment and this job approve it once.
 */
export async function approveWaitingTimesheets(ctx: DeadlineContext, now: Date = ctx.clock.now()) {
  const { db } = ctx;
  const windowStartedBefore = new Date(now.getTime() - APPROVAL_WINDOW_HOURS * 3_600_000);
  const waiting = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(
      and(eq(timesheets.status, 'submitted'), lte(timesheets.submittedAt, windowStartedBefore)),
    )
    .limit(BATCH);
  let approved = 0;
  for (const { id } of waiting) {
    const done = await db.transaction((tx) =>
      approveTimesheet(tx, {
        id,
        from: ['submitted'],
        by: 'auto',
        now,
      }),
    );
    if (done) approved += 1;
  }
  return approved;
}
