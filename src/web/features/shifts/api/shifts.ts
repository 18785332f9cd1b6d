import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SHIFT_PAGE_SIZE, type ShiftPosition } from '@shared/practice/shift-constants';
import { answer, api, cancellable } from '@web/lib/api';
import { shiftKeys } from './query-keys';

export interface ShiftRange {
  /** ISO instants. */
  from: string;
  to: string;
}

/**
 * Professionals apply, book and cancel at any time: the practice's shift lists refetch whenever
 * they are shown (no 30-second freshness as for the practice's own data).
 */
const STALE_TIME = 0;

/** The shifts starting in [from, to), earliest first (the Schedule calendar). */
export function fetchShiftsInRange(range: ShiftRange, signal?: AbortSignal) {
  const query = { from: range.from, to: range.to };
  return answer(api.practice.shifts.$get({ query }, cancellable(signal))).then(
    (result) => result.shifts,
  );
}

export function shiftsInRangeQuery(range: ShiftRange) {
  return queryOptions({
    queryKey: shiftKeys.range(range.from, range.to),
    queryFn: ({ signal }) => fetchShiftsInRange(range, signal),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });
}

export function useShiftsInRange(range: ShiftRange) {
  return useQuery(shiftsInRangeQuery(range));
}

/** The months from the current one on that have shifts, latest first, counted per position. */
export const shiftMonthsQuery = queryOptions({
  queryKey: shiftKeys.months(),
  queryFn: ({ signal }) =>
    answer(api.practice['shift-months'].$get({ query: {} }, cancellable(signal))).then(
      (result) => result.months,
    ),
  staleTime: STALE_TIME,
});

export function useShiftMonths() {
  return useQuery(shiftMonthsQuery);
}

/** 'all' or one position, as the position tabs choose. */
export type ShiftPositionFilter = ShiftPosition | 'all';

/** One page of a month ('yyyy-MM'), newest first, skipping `offset` shifts. */
export function fetchShiftPage(
  month: string,
  position: ShiftPositionFilter,
  offset: number,
  signal?: AbortSignal,
) {
  const query = {
    month,
    ...(position === 'all' ? {} : { position }),
    ...(offset > 0 ? { offset: String(offset) } : {}),
  };
  return answer(api.practice.shifts.$get({ query }, cancellable(signal)));
}

/**
 * A month's shifts of a position, a page of SHIFT_PAGE_SIZE at a time: the first page when
 * shown, the next one on `fetchNextPage` (none left: `hasNextPage` is false). Refetching (after
 * a change to shifts) reloads every page shown.
 */
export function useShiftPages(month: string, position: ShiftPositionFilter) {
  return useInfiniteQuery({
    queryKey: shiftKeys.month(month, position),
    queryFn: ({ pageParam, signal }) => fetchShiftPage(month, position, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastOffset) => {
      const next = lastOffset + SHIFT_PAGE_SIZE;
      return next < last.total ? next : undefined;
    },
    staleTime: STALE_TIME,
  });
}
