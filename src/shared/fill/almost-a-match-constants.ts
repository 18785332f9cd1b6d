/**
 * The figures "Almost a match" on Find Shifts rests on (no zod, so the section's texts load
 * without it). The distance side is the widen ring of why-not-constants.ts (WIDEN_MIN_MILES,
 * WIDEN_SHARE, WIDEN_MAX_MILES), shared with the practice's "tell more professionals".
 */

/** The section lists at most this many shifts (the nearest first). */
export const ALMOST_A_MATCH_LIMIT = 20;

/**
 * The rate ring: a shift paying below the professional's minimum by at most the greater of
 * this many cents ($5.00) and ALMOST_RATE_SHARE of their minimum.
 */
export const ALMOST_RATE_MIN_CENTS = 500;
export const ALMOST_RATE_SHARE = 0.1;

/** What a shift misses, one of the two: the travel distance, or the minimum rate. */
export const almostKinds = ['distance', 'minimumRate'] as const;
export type AlmostKind = (typeof almostKinds)[number];
