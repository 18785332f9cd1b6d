import { z } from 'zod';
import { type ReliabilityParts, reliabilityScore } from './reliability-constants';
/**
 * A professional's reliability: whether they come to the shifts they booked. One home for the
 * rule, its window, the reply and the texts both sides read.
 *
 * The parts, counted over booked shifts that started (or were to start) in the last 12 months:
 * - completed: the shift was worked and its hours approved (booking 'completed');
 * - late cancellations: the professional cancelled less than LATE_CANCEL_WINDOW_HOURS before the
 *   start (the same window that makes a practice's cancellation cost a late-cancellation amount);
 * - no-shows: the practice reported that nobody came (booking 'no_show').
 * Cancellations made earlier, and every cancellation by the practice, do not count at all.
 *
 * The rule: the share of booked shifts kept, where a no-show counts twice (it leaves the practice
 * with patients and nobody, with no warning at all; a late cancellation at least warns):
 *
 *   score = floor(100 × completed / (completed + lateCancellations + 2 × noShows))
 *
 * Rounded down, so 100 means nothing against them. Null while there is nothing to count
 * ("New: no shifts yet"). 0 when every counted shift was cancelled late or missed.
 */

export * from './reliability-constants';

/** The reliability as the applicant card and the professional's own card carry it. */
export const reliabilityReply = z
  .object({
    /** 0–100; null while the professional has no counted shifts ("New: no shifts yet"). */
    score: z.number().int().min(0).max(100).nullable(),
    completed: z.number().int(),
    lateCancellations: z.number().int(),
    noShows: z.number().int(),
  })
  .meta({ id: 'Reliability' });

export type ReliabilityDto = z.infer<typeof reliabilityReply>;

/** The reply for the parts: the score follows from them by the one rule. */
export function toReliability(parts: ReliabilityParts): ReliabilityDto {
  return { score: reliabilityScore(parts), ...parts };
}
