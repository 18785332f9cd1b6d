/**
 * The limits of boosting an open shift (issue 42, slice 8; decision record 052), without zod so
 * the dialog's texts load without it. The server's checks and the dialog read them from here.
 * Every number is an assumption without a source (decision record 052).
 */

/** What a boost does: raise the rate, tell more professionals (the widen ring), mark urgent. */
export const boostKinds = ['rate', 'widen', 'urgent'] as const;
export type BoostKind = (typeof boostKinds)[number];

/** A shift is boosted at most this many times in all, of which one widen and one urgent. */
export const BOOSTS_PER_SHIFT = 3;
export const WIDENS_PER_SHIFT = 1;
export const URGENTS_PER_SHIFT = 1;

/** A practice boosts at most this many times a New Jersey day (market clock), urgent included. */
export const BOOSTS_PER_PRACTICE_DAY = 10;
/** Of which at most this many mark a shift urgent. */
export const URGENTS_PER_PRACTICE_DAY = 3;

/** A shift may be marked urgent only when it starts within this many hours. */
export const URGENT_WITHIN_HOURS = 24;

/** One widen or urgent boost tells at most this many professionals (the best matches). */
export const BOOST_TOLD_LIMIT = 25;
