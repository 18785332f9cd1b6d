import { z } from 'zod';
import { MAX_WIDENED_DISTANCE_MILES, shiftBoardMessages } from './shift-board-constants';

/**
 * The validation of Find Shifts' query string (zod); the texts, constants and reply's shape are in
 * shift-board-constants.ts, re-exported here.
 */
export * from './shift-board-constants';

const booleanParam = z
  .enum(['true', 'false', '1', '0', ''], { error: 'Please answer true or false' })
  .transform((value) => value === 'true' || value === '1');

/** `?maxDistance=&includeBelowMinimum=` of GET /api/professional/shift-board. */
export const shiftBoardQuerySchema = z.object({
  maxDistance: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const miles = Number(value);
      if (!Number.isInteger(miles) || miles < 0 || miles > MAX_WIDENED_DISTANCE_MILES) {
        ctx.addIssue({ code: 'custom', message: shiftBoardMessages.invalidDistance });
        return z.NEVER;
      }
      return miles;
    }),
  includeBelowMinimum: booleanParam.optional().transform((value) => value ?? false),
});

export type ShiftBoardQuery = z.output<typeof shiftBoardQuerySchema>;
