import type { ProfessionalProfileDto } from '@shared/professional/profile';
import type { ServiceContext } from '../context';
import { ensureProfessional } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';
import { loadProfileDto } from './professional-profile-dto';

/** First portal load: the profile, created with defaults if missing, merged over the defaults. */
export async function getProfessionalProfile(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<ProfessionalProfileDto> {
  const row = await ensureProfessional(ctx, account);
  return loadProfileDto(ctx, row, account.role);
}
