import { z } from 'zod';
import { multiLineText, optionalText } from '../validation/fields';
import { partialUpdateSchema } from '../validation/partial-update';
import {
  percentOf,
  type ScorecardCounts,
  MAX_SCORECARDS_PER_REQUEST,
  scorecardMessages,
  PARKING_MAX,
  DRESS_CODE_MAX,
  FIRST_DAY_MAX,
  PATIENTS_PER_HOUR_MAX,
  aboutOfficeMessages,
  assistantChoices,
} from './practice-scorecard-constants';
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

export * from './practice-scorecard-constants';

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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
