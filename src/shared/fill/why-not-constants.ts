/**
 * The figures "Why isn't this filling?" rests on (no zod, so the panel's texts load without it:
 * decision record 036). The server's statement and the texts read them from here.
 */

/** Who is counted: verified professionals of the shift's role with a home this near. */
export const WHY_NOT_RADIUS_MILES = 50;

/** An answer is kept this long per shift, then computed again. */
export const WHY_NOT_KEPT_MS = 60_000;

/**
 * The higher rate tried: the position's highest rate, or where the shift's area has a market rate
 * band (market-rate-constants.ts), at most this much above the band's 75th percentile ($10.00).
 */
export const WHY_NOT_RATE_ABOVE_BAND_CENTS = 1000;

/** The hour earlier or later the change of time tries, in minutes. */
export const WHY_NOT_TIME_STEP_MINUTES = 60;

/**
 * Widening (the widen ring): professionals this far beyond their own travel distance, the greater
 * of 5 miles and a quarter of their travel distance, and never more than 10 miles beyond it. Also
 * the distance side of "Almost a match" on Find Shifts (almost-a-match-constants.ts).
 */
export const WIDEN_MIN_MILES = 5;
export const WIDEN_SHARE = 0.25;
export const WIDEN_MAX_MILES = 10;

/** The rules a professional may fail, in the order the panel lists them. */
export const whyNotRules = [
  'distance',
  'minimumRate',
  'availability',
  'credentials',
  'blocks',
  'bookedThen',
] as const;

export type WhyNotRule = (typeof whyNotRules)[number];

/** The changes tried, in the order that settles a tie. */
export const whyNotChangeKinds = ['rate', 'time', 'drop_requirement', 'widen'] as const;
