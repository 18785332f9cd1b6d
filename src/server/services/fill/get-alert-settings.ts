import { MAX_DAILY_ALERT_CAP, type AlertSettingsDto } from '@shared/fill/alert-settings';
import { alertsSentOn } from '../../notifications/alert-slots';
import type { ServiceContext } from '../context';
import { ensureProfessional, type ProfessionalRow } from '../professional/ensure-professional';
import type { ProfessionalAccount } from '../professional/professional-account';

/** The settings answer of a professional's record: their cap and today's count (market day). */
export async function alertSettingsOf(
  ctx: ServiceContext,
  professional: Pick<ProfessionalRow, 'id' | 'dailyAlertCap'>,
  now: Date,
): Promise<AlertSettingsDto> {
  return {
    dailyCap: professional.dailyAlertCap,
    maxDailyCap: MAX_DAILY_ALERT_CAP,
    sentToday: await alertsSentOn(ctx.db, professional.id, now),
  };
}

/**
 * The caller's daily cap on shift alerts and how many they were sent on today's New Jersey day
 * (the market clock). Only their own: there is no id to ask for another's.
 */
export async function getAlertSettings(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = ctx.clock.now(),
): Promise<AlertSettingsDto> {
  return alertSettingsOf(ctx, await ensureProfessional(ctx, account), now);
}
