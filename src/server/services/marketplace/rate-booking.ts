import { and, eq, inArray } from 'drizzle-orm';
import type { RatingDto } from '@shared/marketplace/booking-replies';
import { bookings, professionals, ratings, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { toRatingDto } from './marketplace-dtos';
import { marketplaceErrors } from './marketplace-errors';
import { isUniqueViolation } from './unique-violation';

type BookingRow = typeof bookings.$inferSelect;

interface RatingInput {
  stars: number;
  comment: string;
}

/**
 * Stores one side's rating of a completed booking. Once per side: the unique index
 * `ratings_once_per_side` decides, so two ratings at once store one (409 "already rated").
 */
async function rate(
  ctx: ServiceContext,
  booking: BookingRow,
  raterSide: 'practice' | 'professional',
  input: RatingInput,
): Promise<RatingDto> {
  if (booking.status !== 'completed') throw marketplaceErrors.notCompleted();
  try {
    const [row] = await ctx.db
      .insert(ratings)
      .values({
        bookingId: booking.id,
        shiftId: booking.shiftId,
        practiceId: booking.practiceId,
        professionalId: booking.professionalId,
        raterSide,
        stars: input.stars,
        comment: input.comment,
      })
      .returning();
    return toRatingDto(row!);
  } catch (error) {
    if (isUniqueViolation(error, 'ratings_once_per_side')) throw marketplaceErrors.alreadyRated();
    throw error;
  }
}

/** POST /api/professional/bookings/:id/rating: the professional rates the practice. */
export async function rateAsProfessional(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  bookingId: string,
  input: RatingInput,
): Promise<RatingDto> {
  const [found] = await ctx.db
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
    .where(and(eq(bookings.id, bookingId), eq(professionals.userId, account.id)));
  if (!found) throw marketplaceErrors.bookingNotFound();
  return rate(ctx, found.booking, 'professional', input);
}

/**
 * POST /api/practice/shifts/:shiftId/rating: the practice rates the professional who worked its
 * shift (the shift's live booking). No booking, or not completed yet: 409.
 */
export async function rateAsPractice(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
  input: RatingInput,
): Promise<RatingDto> {
  const [found] = await ctx.db
    .select({ shiftId: shifts.id, booking: bookings })
    .from(shifts)
    .leftJoin(
      bookings,
      and(eq(bookings.shiftId, shifts.id), inArray(bookings.status, ['confirmed', 'completed'])),
    )
    .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)));
  if (!found) throw marketplaceErrors.shiftNotFound();
  if (!found.booking) throw marketplaceErrors.notCompleted();
  return rate(ctx, found.booking, 'practice', input);
}
