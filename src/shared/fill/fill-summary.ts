import { z } from 'zod';
import { shiftPositions } from '../practice/shift-constants';
import { isoInstant } from '../reply-fields';

/** The practice dashboard's fill figures count the shifts that started in these last days. */
export const FILL_WINDOW_DAYS = 90;

/** The dashboard lists at most this many of the window's unfilled shifts, latest first. */
export const UNFILLED_SHIFTS_SHOWN = 10;

/** A shift posted less than this many hours before its start counts as posted late. */
export const LATE_POSTING_HOURS = 12;

/**
 * Why a shift started without anyone booked, from what is stored about it, the first that holds
 * in this order: applicants were left waiting; it reached no verified professional; the booked
 * professional cancelled and nobody took it again; it was posted late; nobody took it.
 */
export const unfilledReasons = [
  'applicants_waiting',
  'reached_nobody',
  'professional_cancelled',
  'posted_late',
  'nobody_took_it',
] as const;
export type UnfilledReason = (typeof unfilledReasons)[number];

export const unfilledReasonTexts: Record<UnfilledReason, string> = {
  applicants_waiting: 'Applicants were waiting for your answer',
  reached_nobody: 'Reached no verified professionals',
  professional_cancelled: 'The booked professional cancelled and no one took it again',
  posted_late: `Posted less than ${LATE_POSTING_HOURS} hours before it started`,
  nobody_took_it: 'No one took it',
};

export const fillSummaryReply = z
  .object({
    /** The window's length in days (FILL_WINDOW_DAYS). */
    windowDays: z.number().int(),
    /** Shifts that started in the window and were not cancelled by the practice. */
    ended: z.number().int(),
    /** Of those, the shifts someone was booked on when they started. */
    filled: z.number().int(),
    /** filled / ended, 0-1; null when no shift ended in the window. */
    fillRate: z.number().nullable(),
    /** Median minutes from posting to the first booking over the filled ones; null when none. */
    medianMinutesToFill: z.number().nullable(),
    /** The window's shifts that started unfilled, latest first (at most UNFILLED_SHIFTS_SHOWN). */
    unfilledShifts: z.array(
      z.object({
        id: z.string(),
        position: z.enum(shiftPositions),
        startTime: isoInstant,
        endTime: isoInstant,
        mainReason: z.enum(unfilledReasons),
      }),
    ),
  })
  .meta({ id: 'FillSummary' });

export type FillSummaryDto = z.infer<typeof fillSummaryReply>;

/** '92%' (whole percent); '—' when no shift ended in the window. */
export function formatFillRate(fillRate: number | null): string {
  return fillRate === null ? '—' : `${Math.round(fillRate * 100)}%`;
}

/** '46 of 50 shifts, last 90 days', or what the figure waits for. */
export function fillRateHint(summary: Pick<FillSummaryDto, 'filled' | 'ended' | 'windowDays'>) {
  if (summary.ended === 0) return `No shifts started in the last ${summary.windowDays} days`;
  const shifts = summary.ended === 1 ? 'shift' : 'shifts';
  return `${summary.filled} of ${summary.ended} ${shifts}, last ${summary.windowDays} days`;
}
