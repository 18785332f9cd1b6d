import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { NO_SHOW_AFTER_MINUTES } from '@shared/marketplace/attendance';
import type { CheckInCodeDto, TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { addDays, practiceDateOf, practiceInstant } from '@shared/practice/shift-dates';
import { bookings, professionals, shifts, timesheets } from '../../db/schema';
import type { ServiceContext } from '../context';
import { professionalName } from '../marketplace/marketplace-actors';
import { keptAnswer } from '../kept-answer-registry';
import { readTimesheets } from './timesheet-rows';
import { noShowMayBeReported } from './no-show-rules';

/** A shift starting within this time is shown with today's, even after midnight. */
const SOON_MS = 3 * 3_600_000;

/**
 * GET /api/practice/check-in-codes as sent, kept in the server's memory (decision record 011)
 * until one of the practice's shifts, bookings or timesheets changes or a listed professional's
 * record does ('practice:<id>', 'professional:<id>'), or the list changes by the clock alone
 * (`readCheckInCodes`' `changesAt`).
 */
export function checkInCodesJson(
  ctx: ServiceContext,
  practiceId: string,
  userId: string,
): Promise<string> {
  return keptAnswer(ctx.db, 'check-in-codes', [practiceId], async () => {
    const read = await readCheckInCodes(ctx, practiceId, ctx.clock.now());
    return {
      body: JSON.stringify({ shifts: read.shifts }),
      tags: [
        `practice:${practiceId}`,
        `user:${userId}`,
        ...new Set(read.professionalIds.map((id) => `professional:${id}`)),
      ],
      expiresAt: read.changesAt,
    };
  });
}

/**
 * The practice's booked shifts of today (New Jersey's day), earliest first, with the code each
 * professional checks in with and whether they have: the front desk reads the code out or shows
 * its QR code. Shifts still going on from yesterday night are included, and a shift starting
 * within SOON_MS is shown with today's, even after midnight. `changesAt` is when the list changes
 * with nothing written: the day ends, yesterday's shift still going on ends, a shift comes within
 * SOON_MS, or a no-show may be reported.
 */
export async function readCheckInCodes(
  ctx: ServiceContext,
  practiceId: string,
  now: Date,
): Promise<{ shifts: CheckInCodeDto[]; professionalIds: string[]; changesAt: number }> {
  const today = practiceDateOf(now);
  const dayStart = practiceInstant(today, '00:00')!;
  const dayEnd = practiceInstant(addDays(today, 1), '00:00')!;
  const rows = await ctx.db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      code: bookings.checkInCode,
      checkedInAt: bookings.checkedInAt,
      professionalId: bookings.professionalId,
      shiftId: shifts.id,
      position: shifts.position,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
      locationName: shifts.locationName,
      firstName: professionals.firstName,
      lastName: professionals.lastName,
      email: professionals.email,
      timesheetId: timesheets.id,
    })
    .from(shifts)
    .innerJoin(bookings, eq(bookings.shiftId, shifts.id))
    .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
    .leftJoin(timesheets, eq(timesheets.bookingId, bookings.id))
    .where(
      and(
        // The practice's shifts by start (shifts_practice_starts_idx): a shift ends on the day it
        // starts, so one still going on started the day before at the earliest.
        eq(shifts.practiceId, practiceId),
        gte(shifts.startsAt, practiceInstant(addDays(today, -1), '00:00')!),
        // Today's, and those starting within SOON_MS of the day's end: shown when they come
        // within SOON_MS of now (below), which the kept list must expire for.
        lt(shifts.startsAt, new Date(dayEnd.getTime() + SOON_MS)),
        or(gte(shifts.startsAt, dayStart), gte(shifts.endsAt, now)),
        // Its live booking (bookings_one_live_per_shift).
        inArray(bookings.status, ['confirmed', 'completed']),
        eq(bookings.practiceId, practiceId),
      ),
    )
    .orderBy(asc(shifts.startsAt))
    .limit(200);
  const shownBefore = Math.max(dayEnd.getTime(), now.getTime() + SOON_MS);
  const changes = [dayEnd.getTime()];
  const list: CheckInCodeDto[] = [];
  const professionalIds: string[] = [];
  for (const row of rows) {
    const startsAt = row.startsAt.getTime();
    if (startsAt >= shownBefore) {
      // Shown from the first instant it starts within SOON_MS.
      changes.push(startsAt - SOON_MS + 1);
      continue;
    }
    if (startsAt < dayStart.getTime()) changes.push(row.endsAt.getTime() + 1);
    // A no-show becomes reportable by the clock alone.
    const noShowFrom = new Date(startsAt + NO_SHOW_AFTER_MINUTES * 60_000);
    const hasTimesheet = row.timesheetId !== null;
    if (noShowFrom > now && noShowMayBeReported(row, row.startsAt, hasTimesheet, noShowFrom)) {
      changes.push(noShowFrom.getTime());
    }
    professionalIds.push(row.professionalId);
    list.push({
      bookingId: row.bookingId,
      shiftId: row.shiftId,
      professionalName: professionalName(row),
      position: row.position,
      startTime: row.startsAt.toISOString(),
      endTime: row.endsAt.toISOString(),
      locationName: row.locationName,
      code: row.code,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      canReportNoShow: noShowMayBeReported(row, row.startsAt, hasTimesheet, now),
    });
  }
  return { shifts: list, professionalIds, changesAt: Math.min(...changes) };
}

/** The practice's timesheets: those waiting for it first, then the rest, newest first. */
export async function listPracticeTimesheets(
  ctx: ServiceContext,
  practiceId: string,
): Promise<TimesheetDto[]> {
  const sheets = await readTimesheets(ctx.db, eq(timesheets.practiceId, practiceId), {
    limit: 500,
  });
  return sortForReview(sheets);
}

/** Waiting ones (submitted, then disputed) oldest first; decided ones newest first. */
export function sortForReview(sheets: TimesheetDto[]): TimesheetDto[] {
  const rank = { submitted: 0, disputed: 1, approved: 2, no_show: 2 } as const;
  return [...sheets].sort((a, b) => {
    if (rank[a.status] !== rank[b.status]) return rank[a.status] - rank[b.status];
    return rank[a.status] === rank.approved
      ? b.submittedAt.localeCompare(a.submittedAt)
      : a.submittedAt.localeCompare(b.submittedAt);
  });
}
