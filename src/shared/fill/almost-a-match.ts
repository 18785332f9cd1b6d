import { z } from 'zod';
import { shiftBoardItemReply } from '../professional/professional-replies';

/**
 * GET /api/professional/shift-board/almost: open shifts that miss exactly one of the
 * professional's travel distance (within the widen ring) and minimum rate (within the rate
 * ring), every other rule of the board met, each with the one setting that would bring it in.
 */

export const almostChangeReply = z.discriminatedUnion('kind', [
  /** The travel distance that reaches it: the distance rounded up to a whole mile. */
  z.object({ kind: z.literal('distance'), travelDistanceMiles: z.number().int() }),
  /** The minimum rate that reaches it: the shift's own rate. */
  z.object({ kind: z.literal('minimumRate'), minimumRateCents: z.number().int() }),
]);

export const almostShiftReply = shiftBoardItemReply
  .extend({ almost: almostChangeReply })
  .meta({ id: 'AlmostAMatchShift' });

export const almostAMatchReply = z
  .object({ shifts: z.array(almostShiftReply) })
  .meta({ id: 'AlmostAMatch' });

export type AlmostChangeDto = z.infer<typeof almostChangeReply>;
export type AlmostShiftDto = z.infer<typeof almostShiftReply>;
export type AlmostAMatchDto = z.infer<typeof almostAMatchReply>;
