import { tz } from '@date-fns/tz';
import { subMonths } from 'date-fns';
import { LATE_CANCEL_WINDOW_HOURS } from '../money/pay-terms-constants';
import { PRACTICE_TIME_ZONE } from '../practice/time-zone';

/**
 * The constants, texts and helpers of reliability.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). reliability.ts re-exports them.
 */
/** How far back bookings count. */
export const RELIABILITY_WINDOW_MONTHS = 12;

/** A late cancellation counts as one shift not kept; a no-show as this many. */
export const NO_SHOW_WEIGHT = 2;

export interface ReliabilityParts {
  completed: number;
  lateCancellations: number;
  noShows: number;
}

/** The score 0–100 from the parts, or null when there is nothing to count yet. */
export function reliabilityScore(parts: ReliabilityParts): number | null {
  const { completed, lateCancellations, noShows } = parts;
  const weighed = completed + lateCancellations + NO_SHOW_WEIGHT * noShows;
  if (weighed <= 0) return null;
  return Math.floor((100 * completed) / weighed);
}

/** The first moment that counts at `now`: the same time 12 months back, in New Jersey. */
export function reliabilityWindowStart(now: Date): Date {
  return new Date(
    subMonths(now, RELIABILITY_WINDOW_MONTHS, { in: tz(PRACTICE_TIME_ZONE) }).getTime(),
  );
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const windowText = `last ${RELIABILITY_WINDOW_MONTHS} months`;

export const reliabilityTexts = {
  label: 'Reliability',
  ownTitle: 'Your reliability',
  newProfessional: 'New: no shifts yet',
  loadFailed: 'Failed to load your reliability. Please try again.',
  loading: 'Loading your reliability…',
  completed: (n: number) => `${n} completed`,
  lateCancellations: (n: number) => count(n, 'late cancellation', 'late cancellations'),
  noShows: (n: number) => count(n, 'no-show', 'no-shows'),
  window: `Last ${RELIABILITY_WINDOW_MONTHS} months`,
  /** '24 completed · 1 late cancellation · 0 no-shows (last 12 months)'. */
  parts: (reliability: ReliabilityParts & { score: number | null }) =>
    `${reliabilityTexts.completed(reliability.completed)} · ${reliabilityTexts.lateCancellations(
      reliability.lateCancellations,
    )} · ${reliabilityTexts.noShows(reliability.noShows)} (${windowText})`,
  /** The applicant card's line: '92 · 24 completed · …', or 'New: no shifts yet'. */
  summary: (reliability: ReliabilityParts & { score: number | null }) =>
    reliability.score === null
      ? reliabilityTexts.newProfessional
      : `${reliability.score} · ${reliabilityTexts.parts(reliability)}`,
  /** The professional's own card: what each part is. */
  partNames: {
    completed: 'Completed shifts',
    lateCancellations: 'Late cancellations',
    noShows: 'No-shows',
  },
  meanings: {
    completed: 'Shifts you worked and the practice approved your hours for.',
    lateCancellations: `Shifts you cancelled less than ${LATE_CANCEL_WINDOW_HOURS} hours before the start.`,
    noShows: 'Shifts the practice reported you did not come to.',
  },
  scoreOutOf: 'out of 100',
  /** How the score is made, in plain words. */
  rule: 'Your score is the share of your booked shifts that you kept, where a no-show counts as two missed shifts. 100 means nothing counts against you.',
  newRule:
    'You have no completed, late-cancelled or missed shifts yet. Your score appears after your first.',
  changesTitle: 'What changes it',
  changes: [
    'Each completed shift raises it.',
    `Cancelling less than ${LATE_CANCEL_WINDOW_HOURS} hours before a shift starts lowers it.`,
    'A no-show lowers it twice as much as a late cancellation.',
    `Cancelling ${LATE_CANCEL_WINDOW_HOURS} hours or more before the start does not change it, nor does a practice cancelling.`,
    `Only shifts from the ${windowText} count.`,
  ],
} as const;
