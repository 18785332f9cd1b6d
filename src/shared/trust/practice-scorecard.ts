import { z } from 'zod';
import { LATE_CANCEL_WINDOW_HOURS } from '../money/pay-terms';
import { multiLineText, optionalText } from '../validation/fields';
import { partialUpdateSchema } from '../validation/partial-update';
import { blockMessages } from './blocks';
import { RELIABILITY_WINDOW_MONTHS, reliabilityWindowStart } from './reliability';

/**
 * A practice's scorecard (issue 17, "Reliability, both ways"): what a professional reads about a
 * practice before applying, on every Find Shifts card and on the practice's page. One home for
 * the rule, the replies, the self-description's validation and the texts both sides read.
 *
 * Counted over the practice's shifts that start (or were to start) in the last 12 months, the
 * window of a professional's reliability (./reliability.ts):
 * - posted: its shifts in the window, whatever became of them;
 * - filled: those a professional booked (at least one booking, whatever became of it);
 * - cancellations: filled shifts whose booking the practice cancelled;
 * - late cancellations: those it cancelled less than LATE_CANCEL_WINDOW_HOURS before the start
 *   (the window that makes a cancellation cost a late-cancellation amount);
 * - rating: the stars professionals gave it after those shifts (average and how many);
 * - payout: the median days from a timesheet's approval to the professional's payout being paid,
 *   over the paid payouts of those shifts (shifts paid through the practice's payroll have none).
 * Rates are whole percentages of the filled shifts (of the posted ones for the fill rate),
 * rounded to the nearest; null while there is nothing to divide by. A practice with no filled
 * shift in the window is "New on ChairFill".
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

export const practiceScorecardReply = z
  .object({
    practiceId: z.string(),
    /** No filled shift in the last 12 months: nothing to judge it by yet. */
    isNew: z.boolean(),
    shiftsPosted: z.number().int(),
    shiftsFilled: z.number().int(),
    /** Filled of posted, 0–100; null with nothing posted. */
    fillRate: z.number().int().nullable(),
    cancellations: z.number().int(),
    /** Cancelled by the practice, of filled, 0–100; null with nothing filled. */
    cancellationRate: z.number().int().nullable(),
    lateCancellations: z.number().int(),
    lateCancellationRate: z.number().int().nullable(),
    rating: z.object({
      /** Stars out of 5, one decimal; null with no rating yet. */
      average: z.number().nullable(),
      count: z.number().int(),
    }),
    payout: z.object({
      /** Median days from approved timesheet to payout, one decimal; null with none paid. */
      medianDays: z.number().nullable(),
      count: z.number().int(),
    }),
  })
  .meta({ id: 'PracticeScorecard' });
export type PracticeScorecardDto = z.infer<typeof practiceScorecardReply>;

export const practiceScorecardListReply = z
  .object({
    scorecards: z.array(practiceScorecardReply),
    /**
     * Practices asked about whose scorecard is still being computed (a server just started has
     * none kept), answered without waiting for it: ask again for them shortly. Never a practice
     * that may not reach the caller.
     */
    pending: z.array(z.string()),
  })
  .meta({ id: 'PracticeScorecardList' });
export type PracticeScorecardListDto = z.infer<typeof practiceScorecardListReply>;

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** The reply for one practice's counts: the rates follow from them by the one rule. */
export function toScorecard(practiceId: string, counts: ScorecardCounts): PracticeScorecardDto {
  return {
    practiceId,
    isNew: counts.filled === 0,
    shiftsPosted: counts.posted,
    shiftsFilled: counts.filled,
    fillRate: percentOf(counts.filled, counts.posted),
    cancellations: counts.cancellations,
    cancellationRate: percentOf(counts.cancellations, counts.filled),
    lateCancellations: counts.lateCancellations,
    lateCancellationRate: percentOf(counts.lateCancellations, counts.filled),
    rating: {
      average: counts.ratingCount > 0 ? oneDecimal(counts.ratingAverage) : null,
      count: counts.ratingCount,
    },
    payout: {
      medianDays: counts.payoutCount > 0 ? oneDecimal(counts.payoutMedianDays) : null,
      count: counts.payoutCount,
    },
  };
}

/** `?practiceIds=a,b,c` of GET /api/professional/practice-scorecards: the practices of a board. */
export const MAX_SCORECARDS_PER_REQUEST = 200;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const scorecardMessages = {
  invalidIds: 'Please give practice ids separated by commas',
  tooManyIds: `Please ask for at most ${MAX_SCORECARDS_PER_REQUEST} practices at once`,
} as const;

export const practiceScorecardsQuerySchema = z.object({
  practiceIds: z
    .string({ error: scorecardMessages.invalidIds })
    .max(MAX_SCORECARDS_PER_REQUEST * 37, scorecardMessages.tooManyIds)
    .transform((value, ctx) => {
      const ids = value
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => id !== '');
      if (ids.some((id) => !uuidPattern.test(id))) {
        ctx.addIssue({ code: 'custom', message: scorecardMessages.invalidIds });
        return z.NEVER;
      }
      const unique = [...new Set(ids)];
      if (unique.length > MAX_SCORECARDS_PER_REQUEST) {
        ctx.addIssue({ code: 'custom', message: scorecardMessages.tooManyIds });
        return z.NEVER;
      }
      return unique;
    }),
});

/* What the practice says about itself (no patient data). */

export const PARKING_MAX = 200;
export const DRESS_CODE_MAX = 200;
export const FIRST_DAY_MAX = 1000;
export const PATIENTS_PER_HOUR_MAX = 12;

export const aboutOfficeMessages = {
  patientsPerHour: `Please enter a whole number from 1 to ${PATIENTS_PER_HOUR_MAX}, or leave it empty`,
  assistantProvided: 'Please choose Yes, No or Not said',
  firstDayTooLong: `Must be at most ${FIRST_DAY_MAX} characters`,
} as const;

/** '' (not said), or a whole number of patients an hour; a number is taken as it is. */
const patientsPerHourField = z
  .union([z.number(), z.string()], { error: aboutOfficeMessages.patientsPerHour })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') return null;
    const n = Number(text);
    if (!/^\d+$/.test(text) || !Number.isInteger(n) || n < 1 || n > PATIENTS_PER_HOUR_MAX) {
      ctx.addIssue({ code: 'custom', message: aboutOfficeMessages.patientsPerHour });
      return z.NEVER;
    }
    return n;
  })
  .nullable()
  .transform((value) => value ?? null);

/** Yes, no, or not said: the form's choice ('yes' | 'no' | '') or the answer's own boolean/null. */
export const assistantChoices = ['yes', 'no', ''] as const;
const assistantProvidedField = z
  .union([z.boolean(), z.enum(assistantChoices)], { error: aboutOfficeMessages.assistantProvided })
  .nullable()
  .transform((value) =>
    value === null || value === '' ? null : value === true || value === 'yes',
  );

/** The "About your office" card's form and PUT /api/practice/about (one field or several). */
export const aboutOfficeSchema = z.object({
  parking: optionalText(PARKING_MAX),
  patientsPerHour: patientsPerHourField,
  assistantProvided: assistantProvidedField,
  dressCode: optionalText(DRESS_CODE_MAX),
  firstDayInstructions: multiLineText({
    max: FIRST_DAY_MAX,
    tooLong: aboutOfficeMessages.firstDayTooLong,
  }),
});
export type AboutOfficeInput = z.input<typeof aboutOfficeSchema>;

/** A save carries only the fields it changes; the others stay as they are. */
export const aboutOfficeUpdateSchema = partialUpdateSchema(aboutOfficeSchema);
export type AboutOfficeUpdate = z.output<typeof aboutOfficeUpdateSchema>;
export type AboutOfficeUpdateInput = z.input<typeof aboutOfficeUpdateSchema>;

export const aboutOfficeReply = z
  .object({
    parking: z.string(),
    patientsPerHour: z.number().int().nullable(),
    assistantProvided: z.boolean().nullable(),
    dressCode: z.string(),
    firstDayInstructions: z.string(),
  })
  .meta({ id: 'AboutOffice' });
export type AboutOfficeDto = z.infer<typeof aboutOfficeReply>;

/** The practice's page as a professional reads it before applying. */
export const practiceProfileReply = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    state: z.string(),
    /** The practice-management software it uses (Office Information's Software & Rates). */
    software: z.array(z.string()),
    about: aboutOfficeReply,
    scorecard: practiceScorecardReply,
  })
  .meta({ id: 'PracticeProfile' });
export type PracticeProfileDto = z.infer<typeof practiceProfileReply>;

/* Texts */

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
  summary: (card: PracticeScorecardDto) =>
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
