import { and, asc, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  applicantOverlapMessage,
  overlappingBookingMessage,
  type OverlappingBooking,
} from '@shared/marketplace/bookings';
import { bookings, practices, shifts } from '../../db/schema';
import { DomainError } from '../domain-error';
import type { Tx } from './db-transaction';

/**
 * One professional never holds two live bookings (confirmed or completed) whose shifts overlap
 * in time (issue 41). Times touching end to start (5:00 PM – 8:00 PM and 8:00 PM – 11:00 PM) do
 * not overlap.
 *
 * Race-proof without a constraint: every transaction that books a professional, or writes a
 * timesheet of theirs, first takes their schedule lock (a transaction-scoped advisory lock named
 * after them), then checks. Two bookings of the same professional at the same moment queue on
 * it: the second sees the first's booking (READ COMMITTED reads what committed before each
 * statement) and is refused. An advisory lock rather than the professional's row FOR UPDATE:
 * the booking paths already read that row FOR SHARE (a suspension's lock order), and two
 * transactions upgrading their shares would deadlock; the advisory lock is taken after the
 * shift's own lock everywhere, so the lock order stays shift(s), then schedule.
 */
export async function lockProfessionalSchedule(tx: Tx, professionalId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`chairfill-schedule:${professionalId}`}))`,
  );
}

export interface ShiftTimes {
  id: string;
  startsAt: Date;
  endsAt: Date;
}

/** Live bookings: the ones that hold the professional's time. */
const liveStatuses = ['confirmed', 'completed'] as const;

/**
 * The professional's first live booking (by start) on another shift overlapping any of these
 * shifts' times, with its practice's name; null when none does.
 */
export async function overlappingBooking(
  tx: Pick<Tx, 'select'>,
  professionalId: string,
  wanted: readonly ShiftTimes[],
): Promise<OverlappingBooking | null> {
  if (wanted.length === 0) return null;
  const overlapsOne = (shift: ShiftTimes): SQL =>
    and(
      ne(shifts.id, shift.id),
      lt(shifts.startsAt, shift.endsAt),
      gt(shifts.endsAt, shift.startsAt),
    )!;
  const [other] = await tx
    .select({
      startTime: shifts.startsAt,
      endTime: shifts.endsAt,
      practiceName: practices.practiceName,
    })
    .from(bookings)
    .innerJoin(shifts, eq(shifts.id, bookings.shiftId))
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(
      and(
        eq(bookings.professionalId, professionalId),
        inArray(bookings.status, [...liveStatuses]),
        or(...wanted.map(overlapsOne)),
      ),
    )
    .orderBy(asc(shifts.startsAt))
    .limit(1);
  return other ?? null;
}

/** Who is told of an overlap: the professional (their own booking named) or the practice. */
export type OverlapReader = 'professional' | 'practice';

/** 409 'booking_overlap' in the reader's words. */
export function overlapError(other: OverlappingBooking, reader: OverlapReader): DomainError {
  return new DomainError(
    409,
    'booking_overlap',
    reader === 'professional' ? overlappingBookingMessage(other) : applicantOverlapMessage(other),
  );
}

/**
 * 409 when one of these shifts overlaps a live booking of the professional (no lock: for an
 * application, which books nothing; the booking itself checks again under the lock).
 */
export async function assertNoOverlappingBooking(
  tx: Pick<Tx, 'select'>,
  professionalId: string,
  wanted: readonly ShiftTimes[],
  reader: OverlapReader,
): Promise<void> {
  const other = await overlappingBooking(tx, professionalId, wanted);
  if (other) throw overlapError(other, reader);
}

/**
 * In a booking's transaction, before the booking is written: the professional's schedule locked,
 * then 409 if the shift overlaps one of their live bookings.
 */
export async function assertScheduleFree(
  tx: Tx,
  professionalId: string,
  shift: ShiftTimes,
  reader: OverlapReader,
): Promise<void> {
  await lockProfessionalSchedule(tx, professionalId);
  await assertNoOverlappingBooking(tx, professionalId, [shift], reader);
}
