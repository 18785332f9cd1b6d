import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PracticeScorecardDto,
  PracticeScorecardListDto,
} from '@shared/trust/practice-scorecard';
import { answer, api, cancellable } from '@web/lib/api';
import { practiceScorecardKeys } from './query-keys';

/** How long a board's scorecards are reused: 12 months of history change slowly. */
const SCORECARD_STALE_MS = 5 * 60_000;
/**
 * How soon the board asks again for scorecards the server answered as pending (still being
 * computed after a server start; the server waits only briefly for them, decision record 035).
 */
const PENDING_REASK_MS = 1_000;
/**
 * How many answers of one board to take while some are pending: then the board stops asking and
 * says those scorecards are not available (a computation that never ends must not be polled for
 * ever). Two minutes at PENDING_REASK_MS, longer than a cold start's backlog of computations.
 */
const PENDING_ANSWERS_AT_MOST = 120;

/** The board asked for pending scorecards as often as it will (`dataUpdateCount` of its query). */
function askedEnough(answers: number): boolean {
  return answers >= PENDING_ANSWERS_AT_MOST;
}

/** Asked again in a second while some are pending, unless the last ask failed or asked enough. */
function reaskWhilePending(state: {
  status: string;
  data: PracticeScorecardListDto | undefined;
  dataUpdateCount: number;
}): number | false {
  const pending = state.data?.pending.length ?? 0;
  if (pending === 0 || state.status === 'error' || askedEnough(state.dataUpdateCount)) return false;
  return PENDING_REASK_MS;
}

/** What a shift card shows of its practice's scorecard while the card itself is not there. */
export type ScorecardWait = 'loading' | 'failed' | 'none';

/** A board's scorecards as its cards read them. */
export interface BoardScorecards {
  /** The practice's scorecard, or what its line shows meanwhile. */
  of: (practiceId: string) => PracticeScorecardDto | ScorecardWait;
}

/**
 * GET /api/professional/practice-scorecards: the scorecards of the practices of a Find Shifts
 * board, one request for all of them (kept apart from the board's own answer, so the board stays
 * a kept answer that changes only with its own shifts). A practice that may not reach the
 * professional has no entry; one still being computed on the server is `pending` and asked for
 * again every second until none is.
 */
export function useBoardScorecards(practiceIds: readonly string[]): BoardScorecards {
  const ids = [...new Set(practiceIds)].sort();
  const queryKey = practiceScorecardKeys.batch(ids);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      answer(
        api.professional['practice-scorecards'].$get(
          { query: { practiceIds: ids.join(',') } },
          cancellable(signal),
        ),
      ),
    select: (reply) => ({
      cards: new Map<string, PracticeScorecardDto>(
        reply.scorecards.map((card) => [card.practiceId, card]),
      ),
      pending: new Set(reply.pending),
    }),
    enabled: ids.length > 0,
    // An answer with pending scorecards is not reused when the board is opened again.
    staleTime: (query) => (query.state.data?.pending.length ? 0 : SCORECARD_STALE_MS),
    refetchInterval: (query) => reaskWhilePending(query.state),
    // A wider filter asks for more practices: the cards already shown keep their line meanwhile.
    placeholderData: keepPreviousData,
  });
  const { data, isError, isPending, isPlaceholderData, dataUpdatedAt } = query;
  // How many answers came is the query's state, not the observer's (read on each answer, which
  // renders again: dataUpdatedAt changes).
  const gaveUp =
    dataUpdatedAt > 0 && askedEnough(queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0);
  return {
    of: (practiceId) => {
      const card = data?.cards.get(practiceId);
      if (card) return card;
      // Loading while the batch is first asked for, while a wider filter's batch replaces the
      // last one or while the practice's scorecard is pending; failed when the batch failed or
      // the board gave up asking for a pending one; nothing for a practice without an entry.
      const pending = data?.pending.has(practiceId) ?? false;
      if (isError || (pending && gaveUp)) return 'failed';
      if (isPending || isPlaceholderData || pending) return 'loading';
      return 'none';
    },
  };
}
