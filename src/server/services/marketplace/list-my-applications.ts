import { desc, eq } from 'drizzle-orm';
import type { MyApplicationDto } from '@shared/marketplace/booking-replies';
import { practices, shiftApplications, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { professionalIdOf } from './marketplace-actors';
import type { ShiftRow } from './fill-shift';
import { toMyApplicationDto } from './marketplace-dtos';

/**
 * The signed-in professional's applications, every status, the latest first; a pending one of a
 * whole block names the block's dates that withdrawing it withdraws too.
 */
export async function listMyApplications(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = ctx.clock.now(),
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
  // The dates of each whole block they are applied for, withdrawn together (withdrawApplication):
  // their pending applications on the posting's open dates that have not started.
  const blocks = new Map<string, ShiftRow[]>();
  for (const { application, shift } of rows) {
    if (!shift.wholeBlock || !shift.postingId) continue;
    if (application.status !== 'pending' || shift.status !== 'open' || shift.startsAt <= now) {
      continue;
    }
    blocks.set(shift.postingId, [...(blocks.get(shift.postingId) ?? []), shift]);
  }
  for (const dates of blocks.values()) {
    dates.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  }
  return rows.map((row) =>
    toMyApplicationDto(
      row.application,
      row.shift,
      row.practiceName,
      now,
      row.shift.postingId ? blocks.get(row.shift.postingId) : [],
    ),
  );
}
