import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { billingMessages } from '@shared/practice/billing';
import { genericErrors } from '@shared/messages';
import { lastPostableDate, passedStart, practiceInstant } from '@shared/practice/shift-dates';
import { shiftMessages, type NewShift } from '@shared/practice/shifts';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { locations, practices, shifts } from '../../db/schema';
import { locationCoordinates } from '../../geo/zip-centroids';
import { assertMayPostShifts } from '../trust/practice-review';
import { favouritesFirstEnd, offerToFavourites } from '../trust/favourites-first';
import { reachQueueInsert } from '../matching/count-shift-reach';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { toShiftDto } from './practice-dtos';

function refuse(message: string, field: string): DomainError {
  return new DomainError(400, 'validation_failed', message, { [field]: message });
}

/**
 * The instants of a request's dates at its New Jersey start and end times, refused (400, on
 * `datesField`) when a time does not exist that day, the end is not after the start, a start has
 * passed at `now`, or a date lies past the end of the month after next. The rules of a posting,
 * and of its preview (GET /api/practice/shift-preview).
 */
export function postableTimes(
  request: { dates: readonly string[]; startTime: string; endTime: string },
  now: Date,
  datesField = 'dates',
): { date: string; start: Date; end: Date }[] {
  const timed: { date: string; start: Date; end: Date }[] = [];
  for (const date of request.dates) {
    const start = practiceInstant(date, request.startTime);
    const end = practiceInstant(date, request.endTime);
    if (!start || !end) throw refuse(shiftMessages.timeSkipped, 'startTime');
    timed.push({ date, start, end });
  }
  // Wall-clock end after start can still be an earlier instant across a DST change.
  if (timed.some((s) => s.end <= s.start)) throw refuse(shiftMessages.endAfterStart, 'endTime');
  const passed = passedStart(timed, now);
  if (passed) throw refuse(shiftMessages[passed], datesField);
  const lastDate = lastPostableDate(now);
  if (timed.some((s) => s.date > lastDate)) throw refuse(shiftMessages.dateOutOfRange, datesField);
  return timed;
}

/**
 * Posts a staffing request: one 'open' shift per date, all in one transaction (every date is
 * created or none is). Dates and times are wall-clock times in the practice time zone and are
 * stored as instants. `newShiftSchema` has checked the form's rules up to "end after start";
 * this adds the rules that need the database or the clock, in the spec's order: the location
 * must be one of the practice's, then no date may start in the past (a day gone, or today's
 * start time passed), then no date may lie past
 * the end of the month after next. `now` is a parameter so the clock can be set in tests.
 */
export async function createShifts(
  ctx: ServiceContext,
  practiceId: string,
  input: NewShift,
  now: Date = ctx.clock.now(),
): Promise<ShiftDto[]> {
  return ctx.db.transaction(async (tx) => {
    const [practice] = await tx
      .select({
        id: practices.id,
        practiceName: practices.practiceName,
        paymentFailedAt: practices.paymentFailedAt,
        verificationStatus: practices.verificationStatus,
      })
      .from(practices)
      .where(eq(practices.id, practiceId))
      // Locked: two postings at once cannot both pass the open-shift cap of an unverified practice.
      // Not against rows that only refer to the practice (a booking, a message: key share).
      .for('no key update');
    if (!practice) throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
    // A debit that failed or came back stops new postings until the bank is replaced.
    if (practice.paymentFailedAt) {
      throw new DomainError(409, 'payment_failed', billingMessages.postingBlocked);
    }

    // Shared lock: the location cannot be deleted or edited until these shifts are stored.
    const [location] = await tx
      .select({
        id: locations.id,
        name: locations.name,
        address: locations.address,
        city: locations.city,
        zipCode: locations.zipCode,
        latitude: locations.latitude,
        longitude: locations.longitude,
      })
      .from(locations)
      .where(and(eq(locations.id, input.locationId), eq(locations.practiceId, practiceId)))
      .for('share');
    if (!location) throw refuse(shiftMessages.selectLocation, 'locationId');
    // The location's ZIP centroid, for matching; looked up when the location has none yet.
    const coordinates = locationCoordinates(location);

    const timed = postableTimes(input, now);
    await assertMayPostShifts(ctx, tx, practice, timed.length, now);
    const favouritesFirstUntil = await favouritesFirstEnd(tx, practiceId, input, timed, now);
    // The dates of one request share a posting (a whole-block request is taken as one).
    const postingId = randomUUID();

    // Reach after the commit (decision records 009 and 030), queued in the same statement.
    const ids = timed.map(() => randomUUID());
    const queuedReach = tx.$with('queued_reach').as(reachQueueInsert(tx, ids));
    const rows = await tx
      .with(queuedReach)
      .insert(shifts)
      .values(
        timed.map((s, i) => ({
          id: ids[i],
          practiceId,
          locationId: location.id,
          locationName: location.name,
          locationAddress: location.address,
          locationCity: location.city,
          locationZipCode: location.zipCode,
          ...coordinates,
          position: input.position,
          startsAt: s.start,
          endsAt: s.end,
          rateCents: input.rateCents,
          notes: input.notes,
          status: 'open' as const,
          timePerPatientMinutes: input.position === 'Front Desk' ? null : input.timePerPatient,
          breakMinutes: input.breakMinutes,
          bookingMode: input.bookingMode,
          payThrough: input.payThrough,
          feeBasisPoints: ctx.env.money.feeBasisPoints,
          requirements: input.requirements,
          postingId,
          wholeBlock: input.wholeBlock,
          favouritesFirstUntil,
          instantBookFor: input.instantBookFor,
          instantBookMinRatingTenths: input.instantBookMinRatingTenths,
          // Posted at the market clock's time, which the figures read (not the database's).
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    const sorted = rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    if (favouritesFirstUntil) {
      await offerToFavourites(ctx, tx, practiceId, sorted, practice.practiceName);
    }
    return sorted.map((row) => toShiftDto(row, practice.practiceName, undefined, now));
  });
}
