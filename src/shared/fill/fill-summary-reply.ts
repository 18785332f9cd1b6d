import { z } from 'zod';
import { shiftPositions } from '../practice/shift-constants';
import { isoInstant } from '../reply-fields';
import { unfilledReasons } from './fill-summary';

/** How a practice's shifts filled (the practice dashboard's `fill`; fill-summary.ts has the rules). */
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
