import { genericErrors } from '@shared/messages';
import type { ProfessionalProfileDto } from '@shared/professional/professional-replies';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { keptAnswer } from '../kept-answer-registry';
import { ensureProfessional } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';
import { readProfileDto } from './professional-profile-dto';

/** The profile and its record's id, the record created with defaults on the first portal load. */
async function readOrCreateProfile(ctx: ServiceContext, account: ProfessionalAccount) {
  const existing = await readProfileDto(ctx, account);
  if (existing) return existing;
  await ensureProfessional(ctx, account);
  const created = await readProfileDto(ctx, account);
  if (!created) throw new DomainError(404, 'not_found', genericErrors.notFound);
  return created;
}

/** The profile, created with defaults on the first portal load, merged over the defaults. */
export async function getProfessionalProfile(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<ProfessionalProfileDto> {
  return (await readOrCreateProfile(ctx, account)).profile;
}

/**
 * The profile as GET /api/professional/profile sends it, kept in the server's memory
 * (kept-answers.ts, decision 011) until the professional's record or screening decisions change
 * (announced by the database) or one of their own requests changes something.
 */
export async function professionalProfileJson(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<string> {
  return keptAnswer(ctx.db, 'profile', [account.id], async () => {
    const { professionalId, profile } = await readOrCreateProfile(ctx, account);
    return {
      body: JSON.stringify(profile),
      tags: [`professional:${professionalId}`, `user:${account.id}`],
      expiresAt: Infinity,
    };
  });
}
