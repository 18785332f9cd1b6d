import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BookedShiftDto } from '@shared/professional/professional-replies';
import { bookings, practices, ratings, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import { ensureProfessional } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';

/**
 * The shifts this professional is booked on (confirmed or completed bookings; cancelled ones
 * are not theirs any more), ordered by start time: the one source of the schedule and of the
 * dashboard figures.
 */
export async function listBookedShifts(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<BookedShiftDto[]> {
  const professional = await ensureProfessional(ctx, account);
  const rows = await ctx.db
    .select({ shift: shifts, practiceName: practices.practiceName })
    .from(bookings)
    .innerJoin(shifts, eq(shifts.id, bookings.shiftId))
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(
      and(
        eq(bookings.professionalId, professional.id),
        inArray(bookings.status, ['confirmed', 'completed']),
      ),
    )
    .orderBy(asc(shifts.startsAt), asc(shifts.id));
  return rows.map(({ shift, practiceName }) => ({
    id: shift.id,
    title: shift.position,
    practiceName,
    startTime: shift.startsAt.toISOString(),
    endTime: shift.endsAt.toISOString(),
    location: {
      name: shift.locationName,
      address: shift.locationAddress,
      city: shift.locationCity,
      zipCode: shift.locationZipCode,
    },
    status: shift.status,
  }));
}

/** The stars practices gave this professional. */
export async function listRatings(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<number[]> {
  const professional = await ensureProfessional(ctx, account);
  const rows = await ctx.db
    .select({ stars: ratings.stars })
    .from(ratings)
    .where(and(eq(ratings.professionalId, professional.id), eq(ratings.raterSide, 'practice')));
  return rows.map((row) => row.stars);
}
