import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PracticeScorecardDto } from '@shared/trust/practice-scorecard';
import { answer, api, cancellable } from '@web/lib/api';
import { practiceScorecardKeys } from './query-keys';

/** How long a board's scorecards are reused: 12 months of history change slowly. */
const SCORECARD_STALE_MS = 5 * 60_000;

/**
 * GET /api/professional/practice-scorecards: the scorecards of the practices of a Find Shifts
 * board, one request for all of them (kept apart from the board's own answer, so the board stays
 * a kept answer that changes only with its own shifts). A practice that may not reach the
 * professional has no entry.
 */
export function useBoardScorecards(practiceIds: readonly string[]) {
  const ids = [...new Set(practiceIds)].sort();
  return useQuery({
    queryKey: practiceScorecardKeys.batch(ids),
    queryFn: ({ signal }) =>
      answer(
        api.professional['practice-scorecards'].$get(
          { query: { practiceIds: ids.join(',') } },
          cancellable(signal),
        ),
      ),
    select: (reply) =>
      new Map<string, PracticeScorecardDto>(
        reply.scorecards.map((card) => [card.practiceId, card]),
      ),
    enabled: ids.length > 0,
    staleTime: SCORECARD_STALE_MS,
    // A wider filter asks for more practices: the cards already shown keep their line meanwhile.
    placeholderData: keepPreviousData,
  });
}

export type BoardScorecards = ReturnType<typeof useBoardScorecards>;
