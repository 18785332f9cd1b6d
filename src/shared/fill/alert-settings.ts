import { z } from 'zod';
import { MAX_DAILY_ALERT_CAP, MIN_DAILY_ALERT_CAP } from './alert-cap-constants';
import { alertCapTexts } from './alert-cap-texts';

export * from './alert-cap-constants';
export * from './alert-cap-texts';

/**
 * GET /api/professional/alert-settings → AlertSettings
 * PUT /api/professional/alert-settings { dailyCap } → AlertSettings
 */

/** PUT: the professional's daily cap, a whole number from 1 to 8 (nothing else is read). */
export const alertSettingsSchema = z.object({
  dailyCap: z
    .number({ error: alertCapTexts.capOutOfRange })
    .int(alertCapTexts.capOutOfRange)
    .min(MIN_DAILY_ALERT_CAP, alertCapTexts.capOutOfRange)
    .max(MAX_DAILY_ALERT_CAP, alertCapTexts.capOutOfRange),
});
export type AlertSettingsInput = z.input<typeof alertSettingsSchema>;

export const alertSettingsReply = z
  .object({
    /** At most this many shift alerts a New Jersey day. */
    dailyCap: z.number().int().min(MIN_DAILY_ALERT_CAP).max(MAX_DAILY_ALERT_CAP),
    /** The most a professional may choose. */
    maxDailyCap: z.number().int(),
    /** Shift alerts sent so far today (the New Jersey day on the market clock). */
    sentToday: z.number().int().min(0),
  })
  .meta({ id: 'AlertSettings' });
export type AlertSettingsDto = z.infer<typeof alertSettingsReply>;
