import { and, desc, eq, sql } from 'drizzle-orm';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-replies';
import { bookings, locations, practices, ratings, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { professionalIdOf } from './marketplace-actors';
import { toProfessionalBookingDto } from './marketplace-dtos';

/**
 * The signed-in professional's bookings, every status: the shifts still to come first, soonest
 * first, then the past ones, latest first. Each carries the rating they gave the practice.
 */
export async function listMyBookings(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = ctx.clock.now(),
): Promise<ProfessionalBookingDto[]> {
  const professionalId = await professionalIdOf(ctx.db, account.id);
  if (!professionalId) return [];
  const upcoming = sql`${shifts.startsAt} > ${now.toISOString()}::timestamptz`;
  const rows = await ctx.db
    .select({
      booking: bookings,
      shift: shifts,
      practiceName: practices.practiceName,
      rating: { stars: ratings.stars, comment: ratings.comment },
      contact: {
        phone: sql<string>`coalesce(nullif(${locations.phone}, ''), ${practices.phone})`,
        pointOfContact: sql<string>`coalesce(nullif(${locations.pointOfContact}, ''), ${practices.pointOfContact})`,
      },
    })
    .from(bookings)
    .innerJoin(shifts, eq(shifts.id, bookings.shiftId))
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    // Whom to call: the location's contact, else the practice's (booking-contacts.ts).
    .leftJoin(locations, eq(locations.id, shifts.locationId))
    .leftJoin(
      ratings,
      and(eq(ratings.bookingId, bookings.id), eq(ratings.raterSide, 'professional')),
    )
    .where(eq(bookings.professionalId, professionalId))
    .orderBy(
      sql`case when ${upcoming} then 0 else 1 end`,
      sql`case when ${upcoming} then ${shifts.startsAt} end asc`,
      desc(shifts.startsAt),
      desc(bookings.createdAt),
    );
  return rows.map((row) =>
    toProfessionalBookingDto(
      row.booking,
      row.shift,
      row.practiceName,
      row.rating,
      now,
      row.contact,
    ),
  );
}
