import type { BookedShiftDto } from '@shared/professional/dashboard';
import type { ServiceContext } from '../context';
import { ensureProfessional } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';

/**
 * The shifts this professional is booked on, ordered by start time: the one source of the
 * schedule and of the dashboard figures.
 *
 * ChairFill has no booking yet: the `shifts` table records what practices post and nothing links
 * a shift to a professional (booking arrives in a later issue, which adds that link and fills in
 * the query here). Until then every professional is booked on no shift, so the honest answer is
 * an empty list; nothing is invented and no sample shift is shown.
 */
export async function listBookedShifts(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<BookedShiftDto[]> {
  await ensureProfessional(ctx, account);
  return [];
}

/** The ratings practices gave this professional: none until booking and rating exist. */
export async function listRatings(
  _ctx: ServiceContext,
  _account: ProfessionalAccount,
): Promise<number[]> {
  return [];
}
