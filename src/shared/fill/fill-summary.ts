/*
 * The fill figures' rules and texts, without zod (the practice portal's first screen imports them:
 * decision record 036); the answer's schema is in fill-summary-reply.ts.
 */

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

/** '92%' (whole percent); '—' when no shift ended in the window. */
export function formatFillRate(fillRate: number | null): string {
  return fillRate === null ? '—' : `${Math.round(fillRate * 100)}%`;
}

/** '46 of 50 shifts, last 90 days', or what the figure waits for. */
export function fillRateHint(summary: { filled: number; ended: number; windowDays: number }) {
  if (summary.ended === 0) return `No shifts started in the last ${summary.windowDays} days`;
  const shifts = summary.ended === 1 ? 'shift' : 'shifts';
  return `${summary.filled} of ${summary.ended} ${shifts}, last ${summary.windowDays} days`;
}
