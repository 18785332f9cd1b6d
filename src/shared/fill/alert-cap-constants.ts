import type { NotificationKind } from '../marketplace/notification-constants';

/**
 * The daily cap on shift alerts (issue 42; decision record 050), without zod so the Settings
 * card's texts load without it. The server's delivery and the card read them from here.
 */

/** What a professional gets when they never chose: at most this many shift alerts a day. */
export const DEFAULT_DAILY_ALERT_CAP = 5;
/** The least and the most a professional may choose. */
export const MIN_DAILY_ALERT_CAP = 1;
export const MAX_DAILY_ALERT_CAP = 8;

/**
 * The kinds of notice that are shift alerts: each bell entry of one of them is one alert and
 * takes one of the day's slots (a digest listing five shifts is one alert). Backfill and
 * favourites-first notices arrive as `new_matching_shifts` too. A new kind of shift alert is
 * added here, and only here.
 */
export const shiftAlertKinds = [
  'new_matching_shifts',
  'urgent_shift',
] as const satisfies readonly NotificationKind[];

export type ShiftAlertKind = (typeof shiftAlertKinds)[number];

export function isShiftAlertKind(kind: NotificationKind): kind is ShiftAlertKind {
  return (shiftAlertKinds as readonly NotificationKind[]).includes(kind);
}
