import { z } from 'zod';
import { shiftReply } from '../practice/practice-replies';
import { isoInstant } from '../reply-fields';
import { boostKinds } from './boost-constants';
import { boostMessages } from './boost-texts';

export * from './boost-constants';
export * from './boost-texts';

/**
 * Boosting an open shift (issue 42, slice 8; decision record 052):
 * - POST /api/practice/shifts/{id}/boosts { kind: 'rate', rate } | { kind: 'widen' } |
 *   { kind: 'urgent' } → 201 ShiftBoostResult;
 * - GET  /api/practice/shifts/{id}/boosts → ShiftBoosts (what was done, what is left).
 */

/** The body: which boost, and for a rate boost the new rate as typed in dollars ('58.50'). */
export const shiftBoostSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('rate'),
      /** Read against the shift's position on the server (its bounds), as the edit reads it. */
      rate: z.union([z.string(), z.number()], { error: 'Enter the new hourly rate' }),
    }),
    z.object({ kind: z.literal('widen') }),
    z.object({ kind: z.literal('urgent') }),
  ],
  { error: boostMessages.kindRequired },
);
export type ShiftBoostInput = z.input<typeof shiftBoostSchema>;

const count = z.number().int().min(0);

export const shiftBoostReply = z
  .object({
    id: z.string(),
    kind: z.enum(boostKinds),
    /** A rate boost's rate before and after, in cents; null for the others. */
    rateCentsBefore: z.number().int().nullable(),
    rateCentsAfter: z.number().int().nullable(),
    /** How many professionals it told (those at their daily alert cap are not among them). */
    told: count,
    createdAt: isoInstant,
  })
  .meta({ id: 'ShiftBoost' });
export type ShiftBoostDto = z.infer<typeof shiftBoostReply>;

/** What is left: boosts for this shift and for the practice today, urgent ones today. */
export const boostsLeftReply = z.object({
  shift: count,
  today: count,
  urgentToday: count,
});
export type BoostsLeftDto = z.infer<typeof boostsLeftReply>;

export const shiftBoostsReply = z
  .object({
    /** This shift's boosts, the earliest first. */
    boosts: z.array(shiftBoostReply),
    left: boostsLeftReply,
    /** Whether each kind may be chosen now, and if not why (boostMessages' words). */
    available: z.object({
      rate: z.boolean(),
      widen: z.boolean(),
      urgent: z.boolean(),
    }),
    /** Why urgent cannot be chosen now: done already, too early, today's urgent ones used. */
    urgentUnavailable: z.enum(['done', 'too_early', 'day_limit']).nullable(),
  })
  .meta({ id: 'ShiftBoosts' });
export type ShiftBoostsDto = z.infer<typeof shiftBoostsReply>;

export const shiftBoostResultReply = z
  .object({
    boost: shiftBoostReply,
    /** Professionals told of the shift by this boost. */
    told: count,
    /** Pending applicants withdrawn and told the new rate (a rate boost; 0 otherwise). */
    withdrawn: count,
    shift: shiftReply,
    left: boostsLeftReply,
  })
  .meta({ id: 'ShiftBoostResult' });
export type ShiftBoostResultDto = z.infer<typeof shiftBoostResultReply>;
