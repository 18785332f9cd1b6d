import { eq } from 'drizzle-orm';
import type { AlertSettingsDto, AlertSettingsInput } from '@shared/fill/alert-settings';
import { professionals } from '../../db/schema';
import type { ServiceContext } from '../context';
import { ensureProfessional } from '../professional/ensure-professional';
import type { ProfessionalAccount } from '../professional/professional-account';
import { alertSettingsOf } from './get-alert-settings';

/**
 * Sets the caller's daily cap on shift alerts (validated 1 to 8 by the route's schema; the
 * database checks it too) and nothing else. A cap below today's count stops today's alerts; the
 * count itself is left as it is.
 */
export async function saveAlertSettings(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  input: AlertSettingsInput,
  now: Date = ctx.clock.now(),
): Promise<AlertSettingsDto> {
  const { id } = await ensureProfessional(ctx, account);
  const [saved] = await ctx.db
    .update(professionals)
    .set({ dailyAlertCap: input.dailyCap })
    .where(eq(professionals.id, id))
    .returning({ id: professionals.id, dailyAlertCap: professionals.dailyAlertCap });
  return alertSettingsOf(ctx, saved!, now);
}
