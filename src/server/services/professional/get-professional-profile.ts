import type { ServiceContext } from '../context';
import { keptAnswersFor } from '../kept-answers';
import { ensureProfessional } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';
import { loadProfileDto } from './professional-profile-dto';

/**
 * First portal load: the profile (created with defaults if missing, merged over the defaults) as
 * GET /api/professional/profile sends it, kept in the server's memory
 * (kept-answers.ts, decision 011) until the professional's record or screening decisions change.
 */
export async function professionalProfileJson(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<string> {
  return keptAnswersFor(ctx.db).answer(`profile|${account.id}`, async () => {
    const row = await ensureProfessional(ctx, account);
    const profile = await loadProfileDto(ctx, row, account.role);
    return {
      body: JSON.stringify(profile),
      tags: [`professional:${row.id}`, `user:${account.id}`],
      expiresAt: Infinity,
    };
  });
}
