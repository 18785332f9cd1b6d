import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { shiftBoardKeys } from './query-keys';

export interface ShiftBoardFilters {
  /** Miles to search beyond the travel distance; undefined: the travel distance. */
  maxDistance?: number;
  includeBelowMinimum: boolean;
}

/** The filters Find Shifts opens with: the professional's own travel distance and minimum rate. */
export const initialShiftBoardFilters: ShiftBoardFilters = { includeBelowMinimum: false };

/** GET /api/professional/shift-board: the open shifts that fit the professional, with why. */
export function fetchShiftBoard(filters: ShiftBoardFilters, signal?: AbortSignal) {
  const query = {
    ...(filters.maxDistance === undefined ? {} : { maxDistance: String(filters.maxDistance) }),
    ...(filters.includeBelowMinimum ? { includeBelowMinimum: 'true' as const } : {}),
  };
  return answer(api.professional['shift-board'].$get({ query }, cancellable(signal)));
}

export function shiftBoardQuery(filters: ShiftBoardFilters) {
  return queryOptions({
    queryKey: shiftBoardKeys.board(filters),
    queryFn: ({ signal }) => fetchShiftBoard(filters, signal),
    // Keep the list on screen while a changed filter loads.
    placeholderData: keepPreviousData,
    // Profile edits and new shifts change the matches: refetch whenever the section opens.
    staleTime: 0,
  });
}

/** The address the board was requested for while the page loaded, until the section shows it. */
let pageLoadBoardPath: string | null = null;

/**
 * The page was opened at Find Shifts (`path`): asks for the board now, alongside the session check
 * and the section's code, instead of after both. A signed-out visitor's request is refused (401)
 * and changes nothing: the portal still sends them to sign in, and the section, once shown, asks
 * again because no board is cached (so a failure is not retried here).
 */
export function prefetchShiftBoardAtPageLoad(queryClient: QueryClient, path: string): void {
  pageLoadBoardPath = path;
  void queryClient.prefetchQuery({ ...shiftBoardQuery(initialShiftBoardFilters), retry: false });
}

/**
 * Whether the section opening at `path` may show the board requested while the page loaded instead
 * of asking again: only at the address the page was opened at (a professional sent to their own
 * portal gets a fresh board), and only until the section has been shown once (see
 * `pageLoadShiftBoardShown`). Pure, so a render React discards and repeats answers the same.
 */
export function isPageLoadShiftBoard(path: string): boolean {
  return pageLoadBoardPath === path;
}

/** The section has been shown with the page-load board: later openings ask for a fresh one. */
export function pageLoadShiftBoardShown(): void {
  pageLoadBoardPath = null;
}

/**
 * The board for `filters`. `reusePageLoadAnswer`: the section opens on the board requested while
 * the page loaded (in flight or answered), so its mount does not request it a second time.
 */
export function useShiftBoard(filters: ShiftBoardFilters, reusePageLoadAnswer = false) {
  return useQuery({ ...shiftBoardQuery(filters), refetchOnMount: !reusePageLoadAnswer });
}
