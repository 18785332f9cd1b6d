import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { startOfPracticeMonth } from '@shared/practice/shift-dates';
import type { ShiftDto } from '@shared/practice/practice-replies';
import {
  bookings,
  practices,
  professionals,
  ratings,
  shiftApplications,
  shifts,
} from '../../db/schema';
import type { ServiceContext } from '../context';
import type { Tx } from '../marketplace/db-transaction';
import { professionalName } from '../marketplace/marketplace-actors';
import { toPracticeBookingDto } from '../marketplace/marketplace-dtos';
import { queueReachOfRead, storedShiftReach } from '../matching/count-shift-reach';
import { toShiftDto } from './practice-dtos';

export interface ShiftRange {
  from: Date;
  to: Date;
}

const pendingApplicants = sql<number>`(select count(*) from ${shiftApplications}
  where ${shiftApplications.shiftId} = ${shifts.id}
  and ${shiftApplications.status} = 'pending')`.mapWith(Number);

/**
 * Practice shifts as ShiftDto, in one query: the pending applicant count as a correlated
 * subquery (index on shift and status), and who is booked by left joins on the shift's live
 * booking (at most one: the partial unique index), its professional and the practice's rating of
 * them. No query per shift.
 */
export async function selectPracticeShifts(
  db: Pick<Tx, 'select'>,
  where: SQL | undefined,
  now: Date = new Date(),
): Promise<ShiftDto[]> {
  const rows = await db
    .select({
      shift: shifts,
      practiceName: practices.practiceName,
      applicantCount: pendingApplicants,
      booking: {
        id: bookings.id,
        shiftId: bookings.shiftId,
        professionalId: bookings.professionalId,
        status: bookings.status,
      },
      professional: {
        firstName: professionals.firstName,
        lastName: professionals.lastName,
        email: professionals.email,
        phone: professionals.phone,
      },
      rating: { stars: ratings.stars, comment: ratings.comment },
    })
    .from(shifts)
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .leftJoin(
      bookings,
      and(eq(bookings.shiftId, shifts.id), inArray(bookings.status, ['confirmed', 'completed'])),
    )
    .leftJoin(professionals, eq(professionals.id, bookings.professionalId))
    .leftJoin(ratings, and(eq(ratings.bookingId, bookings.id), eq(ratings.raterSide, 'practice')))
    .where(where)
    .orderBy(asc(shifts.startsAt), asc(shifts.createdAt), asc(shifts.id));
  return rows.map((row) =>
    toShiftDto(
      row.shift,
      row.practiceName,
      {
        applicantCount: row.applicantCount,
        booking:
          row.booking && row.professional
            ? toPracticeBookingDto(
                row.booking,
                professionalName(row.professional),
                row.rating,
                row.professional.phone,
              )
            : null,
      },
      now,
    ),
  );
}

/**
 * A practice's shifts ordered by start time (earliest first). With a range: the shifts starting
 * in [from, to) (the schedule calendar's visible range). Without: the shifts starting in the
 * current month (practice time) and later, as the requests list shows them. Each open future
 * shift carries its stored `reach`, or `reachPending` while it has none for its inputs; the
 * shifts shown without a current count are queued for the shift-reach job (decision record 034:
 * no read computes reach).
 */
export async function listShifts(
  ctx: ServiceContext,
  practiceId: string,
  range?: ShiftRange,
  now: Date = ctx.clock.now(),
): Promise<ShiftDto[]> {
  const window: SQL[] = range
    ? [gte(shifts.startsAt, range.from), lt(shifts.startsAt, range.to)]
    : [gte(shifts.startsAt, startOfPracticeMonth(now))];
  const [list, stored] = await Promise.all([
    selectPracticeShifts(ctx.db, and(eq(shifts.practiceId, practiceId), ...window), now),
    storedShiftReach(ctx.db, practiceId, now),
  ]);
  const toQueue: string[] = [];
  const answer = list.map((dto): ShiftDto => {
    const reach = stored.get(dto.id);
    if (!reach) return dto;
    if (reach.toQueue) toQueue.push(dto.id);
    return reach.reach === null ? { ...dto, reachPending: true } : { ...dto, reach: reach.reach };
  });
  await queueReachOfRead(ctx.db, toQueue);
  return answer;
}
