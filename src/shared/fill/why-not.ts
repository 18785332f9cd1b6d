import { z } from 'zod';
import { whyNotRules, type WhyNotRule } from './why-not-constants';

/**
 * GET /api/practice/shifts/{id}/why-not: of the verified professionals of the shift's role near
 * it, how many it reaches, how many each rule alone leaves out, how many two or more rules leave
 * out, and the one change that would add the most.
 */

const count = z.number().int().min(0);

export const whyNotChangeReply = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rate'), rateCents: z.number().int(), gain: count }),
  z.object({
    kind: z.literal('time'),
    /** New Jersey wall clock, 'HH:MM', the shift's own date. */
    startTime: z.string(),
    endTime: z.string(),
    gain: count,
  }),
  z.object({ kind: z.literal('drop_requirement'), requirement: z.string(), gain: count }),
  /** `miles`: how far beyond their own travel distance the farthest professional gained lives. */
  z.object({ kind: z.literal('widen'), miles: z.number().int(), gain: count }),
]);

export const whyNotReply = z
  .object({
    /** Verified professionals of the shift's role with a home within 50 miles. */
    population: count,
    /** How many of them the shift reaches: its reach, as the shift-reach job counts it. */
    reached: count,
    /**
     * How many fail this rule and no other. Those already booked then are among the reached
     * (the reach does not look at bookings), the others are not.
     */
    leftOutBy: z.object(
      Object.fromEntries(whyNotRules.map((rule) => [rule, count])) as Record<
        WhyNotRule,
        typeof count
      >,
    ),
    /** How many fail two or more of the rules. */
    leftOutByMore: count,
    /** The change that would let the most more professionals take it; null: none would. */
    bestChange: whyNotChangeReply.nullable(),
  })
  .meta({ id: 'WhyNotFilling' });

export type WhyNotDto = z.infer<typeof whyNotReply>;
export type WhyNotChangeDto = z.infer<typeof whyNotChangeReply>;
