import { genericErrors } from '@shared/messages';
import type { ProfessionalProfileDto } from '@shared/professional/profile';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { ensureProfessional } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';
import { readProfileDto } from './professional-profile-dto';

/** The profile, created with defaults on the first portal load, merged over the defaults. */
export async function getProfessionalProfile(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<ProfessionalProfileDto> {
  const existing = await readProfileDto(ctx, account);
  if (existing) return existing;
  await ensureProfessional(ctx, account);
  const created = await readProfileDto(ctx, account);
  if (!created) throw new DomainError(404, 'not_found', genericErrors.notFound);
  return created;
}
