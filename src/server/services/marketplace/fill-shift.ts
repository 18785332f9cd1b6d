import { and, eq, gt, sql } from 'drizzle-orm';
import { builtOnce, nowValue } from '../../db/built-once';
import { bookings, shiftApplications, shifts } from '../../db/schema';
import { declinedApplications } from './decline-pending-applications';
import { assertScheduleFree, type OverlapReader } from './booking-overlap';
import { accountIdsOf } from './marketplace-actors';
import type { Tx } from './db-transaction';
import { marketplaceErrors } from './marketplace-errors';
import { isUniqueViolation } from './unique-violation';

export type BookingRow = typeof bookings.$inferSelect;
export type ShiftRow = typeof shifts.$inferSelect;

export interface FillShiftInput {
  shiftId: string;
  practiceId: string;
  professionalId: string;
  source: 'instant' | 'accepted';
  applicationId?: string;
  /**
   * Who reads a refusal for overlapping times: the practice accepting an applicant, or the
   * professional booking (instant, or accepting an invitation). By default from `source`.
   */
  asking?: OverlapReader;
  now: Date;
}

/**
 * Books one professional on a shift, inside the caller's transaction, in two statements: the
 * shift filled, then the booking made, the application accepted (an accepted applicant) and every
 * other pending application of the shift declined, answering the account ids of those declined
 * (to tell them: confirmBooking). Exactly one booking per shift is the database's guarantee,
 * twice over:
 * - the conditional `update shifts set status = 'filled' where status = 'open' and starts_at > now`
 *   takes the row lock; a concurrent booking waits for it, then finds the shift no longer open
 *   and updates nothing;
 * - the partial unique index `bookings_one_live_per_shift` refuses a second live booking
 *   (unique violation 23505, answered as 409 "already taken" by `bookingConflict`).
 * Refused: 409 already taken (filled), not open (cancelled, completed), already started; an
 * application no longer pending (withdrawn at the same moment): 409 not pending; the
 * professional already booked at an overlapping time: 409 'booking_overlap' (checked under their
 * schedule lock, so two overlapping bookings at once cannot both pass).
 */
export async function fillShift(
  tx: Tx,
  input: FillShiftInput,
): Promise<{ shift: ShiftRow; booking: BookingRow; declinedUserIds: string[] }> {
  const now = input.now.toISOString();
  const [shift] = await fillOpenShift(tx, { shiftId: input.shiftId, now });
  if (!shift) throw await whyNotFillable(tx, input.shiftId, input.now, takenError(input.source));
  // One professional, one place at a time (issue 41): their schedule locked, then no live
  // booking of theirs may overlap this shift (the lock makes two at once queue: see
  // booking-overlap.ts). Refused, the transaction is undone with the shift's update.
  await assertScheduleFree(
    tx,
    input.professionalId,
    shift,
    input.asking ?? (input.source === 'instant' ? 'professional' : 'practice'),
  );
  const [booked] = await bookAndDecide(tx, {
    shiftId: input.shiftId,
    practiceId: input.practiceId,
    professionalId: input.professionalId,
    applicationId: input.applicationId ?? null,
    source: input.source,
    now,
  });
  if (input.applicationId && !booked!.accepted) throw marketplaceErrors.notPending();
  return {
    shift,
    booking: booked!.booking,
    declinedUserIds: booked!.declinedUserIds,
  };
}

const placeholder = sql.placeholder;

/** Built once: the first statement of every instant booking and accepted application. */
const fillOpenShift = builtOnce((db) =>
  db
    .update(shifts)
    .set({
      status: 'filled',
      firstResponseAt: sql`coalesce(${shifts.firstResponseAt}, ${nowValue})`,
      updatedAt: nowValue,
    })
    .where(
      and(
        eq(shifts.id, placeholder('shiftId')),
        eq(shifts.status, 'open'),
        gt(shifts.startsAt, placeholder('now')),
      ),
    )
    .returning(),
);

/** Built once: the second, once the shift is filled (the booking and the applications). */
const bookAndDecide = builtOnce((db) => {
  const shiftId = sql`${placeholder('shiftId')}::uuid`;
  const applicationId = sql`${placeholder('applicationId')}::uuid`;
  const booked = db.$with('booked').as(
    db
      .insert(bookings)
      .values({
        shiftId,
        practiceId: placeholder('practiceId'),
        professionalId: placeholder('professionalId'),
        applicationId,
        source: sql`${placeholder('source')}`,
        status: 'confirmed',
        createdAt: nowValue,
      })
      .returning(),
  );
  const accepted = db.$with('accepted').as(
    db
      .update(shiftApplications)
      .set({ status: 'accepted', decidedAt: nowValue, updatedAt: nowValue })
      .where(
        and(
          eq(shiftApplications.id, applicationId),
          eq(shiftApplications.shiftId, shiftId),
          eq(shiftApplications.status, 'pending'),
        ),
      )
      .returning({ id: shiftApplications.id }),
  );
  const declined = declinedApplications(db, shiftId, applicationId);
  return db
    .with(booked, accepted, declined)
    .select({
      booking: booked._.selectedFields,
      accepted: sql<boolean>`exists (select 1 from ${accepted})`,
      declinedUserIds: accountIdsOf(declined),
    })
    .from(booked);
});

/**
 * The refusal of a booking that lost the race, in the words of the side that asked: the
 * professional booking instantly, or the practice accepting an applicant.
 */
export function takenError(source: FillShiftInput['source']) {
  return source === 'accepted'
    ? marketplaceErrors.alreadyFilled()
    : marketplaceErrors.alreadyTaken();
}

/** The refusal for a shift the conditional update did not fill. */
export async function whyNotFillable(
  tx: Pick<Tx, 'select'>,
  shiftId: string,
  now: Date,
  taken = marketplaceErrors.alreadyTaken(),
) {
  const [current] = await tx
    .select({ status: shifts.status, startsAt: shifts.startsAt })
    .from(shifts)
    .where(eq(shifts.id, shiftId));
  if (!current) return marketplaceErrors.shiftNotFound();
  if (current.status === 'filled') return taken;
  if (current.status !== 'open') return marketplaceErrors.notOpen();
  if (current.startsAt <= now) return marketplaceErrors.alreadyStarted();
  return taken;
}

/**
 * Runs a booking transaction and answers a lost race that reached the unique index (23505 on
 * `bookings_one_live_per_shift`) as 409 "already taken" in the asking side's words
 * (`takenError`), never as a 500.
 */
export async function bookingConflict<T>(
  source: FillShiftInput['source'],
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_one_live_per_shift')) {
      throw takenError(source);
    }
    throw error;
  }
}
