import { LATE_CANCEL_WINDOW_HOURS } from '../money/pay-terms-constants';
import { blockMessages } from './blocks-constants';
import { RELIABILITY_WINDOW_MONTHS, reliabilityWindowStart } from './reliability-constants';

/**
 * The constants, texts and helpers of practice-scorecard.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). practice-scorecard.ts re-exports them.
 */
export const SCORECARD_WINDOW_MONTHS = RELIABILITY_WINDOW_MONTHS;

/** The first moment that counts at `now`: the same time 12 months back, in New Jersey. */
export const scorecardWindowStart = reliabilityWindowStart;

/** A whole percentage of `part` in `whole`, or null when `whole` is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((100 * part) / whole) : null;
}

/** The counts a scorecard is made of (read by the server in one query per batch of practices). */
export interface ScorecardCounts {
  posted: number;
  filled: number;
  cancellations: number;
  lateCancellations: number;
  ratingCount: number;
  /** The unrounded average of the stars, null with no rating. */
  ratingAverage: number | null;
  payoutCount: number;
  /** The unrounded median of the days, null with no paid payout. */
  payoutMedianDays: number | null;
}

/** `?practiceIds=a,b,c` of GET /api/professional/practice-scorecards: the practices of a board. */
export const MAX_SCORECARDS_PER_REQUEST = 200;

export const scorecardMessages = {
  invalidIds: 'Please give practice ids separated by commas',
  tooManyIds: `Please ask for at most ${MAX_SCORECARDS_PER_REQUEST} practices at once`,
} as const;

export const PARKING_MAX = 200;

export const DRESS_CODE_MAX = 200;

export const FIRST_DAY_MAX = 1000;

export const PATIENTS_PER_HOUR_MAX = 12;

export const aboutOfficeMessages = {
  patientsPerHour: `Please enter a whole number from 1 to ${PATIENTS_PER_HOUR_MAX}, or leave it empty`,
  assistantProvided: 'Please choose Yes, No or Not said',
  firstDayTooLong: `Must be at most ${FIRST_DAY_MAX} characters`,
} as const;

/** Yes, no, or not said: the form's choice ('yes' | 'no' | '') or the answer's own boolean/null. */
export const assistantChoices = ['yes', 'no', ''] as const;

export const aboutOfficeTexts = {
  /** The practice's own card in Office Information. */
  cardTitle: 'About your office',
  cardHint:
    'Professionals read this on your page before they apply. Tell them what their day will be like.',
  /** The professional's view on the practice's page. */
  title: 'About the office',
  labels: {
    parking: 'Parking',
    software: 'Software used',
    patientsPerHour: 'Patients per hour',
    assistantProvided: 'Assistant provided',
    dressCode: 'Dress code',
    firstDayInstructions: 'First-day instructions',
  },
  hints: {
    parking: 'Where to park and whether it is free, e.g. "Free lot behind the building".',
    patientsPerHour: `A whole number from 1 to ${PATIENTS_PER_HOUR_MAX}.`,
    dressCode: 'e.g. "Navy scrubs; closed-toe shoes".',
    firstDayInstructions:
      'Where to go, who greets them, logins and instrument setup. Do not include patient names or any patient information.',
  },
  /** The visible reminder over the first-day instructions. */
  noPatientData:
    'No patient information here: no names, appointments or medical details. Share those on the day, in the office.',
  assistantOptions: [
    { value: 'yes', label: 'Yes' },
    { value: 'no', label: 'No' },
  ],
  assistantNotSaid: 'Not said',
  yes: 'Yes',
  no: 'No',
  notSaid: 'Not said',
  noSoftware: 'Not said',
  loadFailed: 'Failed to load what you say about your office. Please try again.',
  loading: 'Loading…',
} as const;

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** '4.8' stars; '1.5 days'; 'under a day'. */
function daysText(days: number): string {
  if (days < 1) return 'under a day';
  return `${Number.isInteger(days) ? days : days.toFixed(1)} ${days === 1 ? 'day' : 'days'}`;
}

const windowText = `last ${SCORECARD_WINDOW_MONTHS} months`;

export const practiceScorecardTexts = {
  title: 'Practice scorecard',
  window: `Last ${SCORECARD_WINDOW_MONTHS} months`,
  newPractice: 'New on ChairFill',
  newHint: `No professional has booked a shift here in the ${windowText} yet.`,
  aboutLink: 'About this practice',
  aboutLinkLabel: (name: string) => `About this practice: ${name}`,
  summaryLabel: (name: string) => `Scorecard of ${name}`,
  summaryLoading: 'Loading the scorecard…',
  summaryFailed: 'Scorecard not available right now.',
  loadFailed: 'Failed to load this practice. Please try again.',
  notFound: blockMessages.practiceNotFound,
  backToShifts: 'Back to Find Shifts',
  fillRate: (rate: number | null) => (rate === null ? 'No shifts posted' : `Fills ${rate}%`),
  lateRate: (rate: number | null) =>
    rate === null ? 'No late cancellations counted' : `${rate}% late cancellations`,
  rating: (average: number | null, n: number) =>
    average === null ? 'Not rated yet' : `Rated ${average.toFixed(1)} of 5 (${n})`,
  /** The shift card's line: 'Fills 92% · 4% late cancellations · Rated 4.8 of 5 (12)'. */
  summary: (card: {
    isNew: boolean;
    fillRate: number | null;
    lateCancellationRate: number | null;
    rating: { average: number | null; count: number };
  }) =>
    card.isNew
      ? practiceScorecardTexts.newPractice
      : [
          practiceScorecardTexts.fillRate(card.fillRate),
          practiceScorecardTexts.lateRate(card.lateCancellationRate),
          practiceScorecardTexts.rating(card.rating.average, card.rating.count),
        ].join(' · '),
  figures: {
    posted: 'Shifts posted',
    filled: 'Shifts filled',
    cancellations: 'Cancelled after booking',
    lateCancellations: 'Cancelled late',
    rating: 'Rating from professionals',
    payout: 'Paid after approval',
  },
  meanings: {
    posted: `Shifts starting in the ${windowText}, including upcoming ones.`,
    filled: 'Shifts a professional booked.',
    cancellations: 'Booked shifts the practice cancelled.',
    lateCancellations: `Booked shifts the practice cancelled less than ${LATE_CANCEL_WINDOW_HOURS} hours before the start.`,
    rating: 'Stars professionals gave it after their shifts.',
    payout: 'Median time from the practice approving hours to the professional being paid.',
  },
  ofFilled: (n: number, rate: number | null) =>
    rate === null ? String(n) : `${n} (${rate}% of filled)`,
  ofPosted: (n: number, rate: number | null) =>
    rate === null ? String(n) : `${n} (${rate}% of posted)`,
  ratingValue: (average: number | null, n: number) =>
    average === null
      ? 'Not rated yet'
      : `${average.toFixed(1)} of 5 · ${count(n, 'rating', 'ratings')}`,
  payoutValue: (days: number | null, n: number) =>
    days === null ? 'No payouts yet' : `${daysText(days)} · ${count(n, 'payout', 'payouts')}`,
} as const;
