/**
 * The figures the market rate band of the new-shift form rests on (no zod, so the panel's texts
 * load without it: decision record 036). The server's statement and the texts read them from here.
 */

/** Filled shifts counted: their shift's site within this many miles of the location's. */
export const MARKET_BAND_RADIUS_MILES = 15;

/** Filled shifts counted: the booking that filled them was made in these last days. */
export const MARKET_BAND_WINDOW_DAYS = 90;

/**
 * A band is shown only when it rests on at least this many filled shifts of at least
 * MARKET_BAND_MIN_PRACTICES other practices, none of which holds more than
 * MARKET_BAND_MAX_PRACTICE_SHARE of them: no figure ever shows one practice's rate.
 */
export const MARKET_BAND_MIN_SHIFTS = 5;
export const MARKET_BAND_MIN_PRACTICES = 3;
export const MARKET_BAND_MAX_PRACTICE_SHARE = 0.5;

/** The band's edges and middle: these percentiles of the filled shifts' rates. */
export const MARKET_BAND_PERCENTILES = [0.25, 0.5, 0.75] as const;

/** Weekdays, or Saturday and Sunday together: the shifts a band compares. */
export const marketDayTypes = ['weekday', 'weekend'] as const;
export type MarketDayType = (typeof marketDayTypes)[number];

/** The day type of a New Jersey date ('yyyy-MM-dd'). */
export function dayTypeOf(date: string): MarketDayType {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 || weekday === 6 ? 'weekend' : 'weekday';
}
