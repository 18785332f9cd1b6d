import { desc, eq } from 'drizzle-orm';
import type { MyApplicationDto } from '@shared/marketplace/booking-replies';
import { practices, shiftApplications, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { professionalIdOf } from './marketplace-actors';
import { toMyApplicationDto } from './marketplace-dtos';

/** The signed-in professional's applications, every status, the latest first. */
export async function listMyApplications(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = new Date(),
): Promise<MyApplicationDto[]> {
  const professionalId = await professionalIdOf(ctx.db, account.id);
  if (!professionalId) return [];
  const rows = await ctx.db
    .select({ application: shiftApplications, shift: shifts, practiceName: practices.practiceName })
    .from(shiftApplications)
    .innerJoin(shifts, eq(shifts.id, shiftApplications.shiftId))
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(eq(shiftApplications.professionalId, professionalId))
    .orderBy(desc(shiftApplications.createdAt), desc(shiftApplications.id));
  return rows.map((row) => toMyApplicationDto(row.application, row.shift, row.practiceName, now));
}
