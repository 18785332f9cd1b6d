import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShiftDto } from '@shared/practice/shift-constants';
import { apiRequest } from '@web/lib/api-client';

export interface ShiftRange {
  /** ISO instants. */
  from: string;
  to: string;
}

/** Every shift query lives under this key; changes to shifts invalidate it. */
export const shiftsKey = ['practice', 'shifts'] as const;
/** The dashboard's figures are counted from shifts, so shift changes refresh them too. */
export const dashboardKey = ['practice', 'dashboard'] as const;

/** Without a range: the current month (America/New_York) and later, ascending by start time. */
export function fetchShifts(range?: ShiftRange, signal?: AbortSignal) {
  const query = range ? `?${new URLSearchParams({ from: range.from, to: range.to })}` : '';
  return apiRequest<{ shifts: ShiftDto[] }>(`/api/practice/shifts${query}`, { signal }).then(
    (result) => result.shifts,
  );
}

/**
 * Professionals apply, book and cancel at any time: the practice's shift lists refetch whenever
 * they are shown (no 30-second freshness as for the practice's own data).
 */
const STALE_TIME = 0;

export const upcomingShiftsQuery = queryOptions({
  queryKey: [...shiftsKey, 'current-and-later'],
  queryFn: ({ signal }) => fetchShifts(undefined, signal),
  staleTime: STALE_TIME,
});

export function shiftsInRangeQuery(range: ShiftRange) {
  return queryOptions({
    queryKey: [...shiftsKey, 'range', range.from, range.to],
    queryFn: ({ signal }) => fetchShifts(range, signal),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });
}

export function useUpcomingShifts() {
  return useQuery(upcomingShiftsQuery);
}

export function useShiftsInRange(range: ShiftRange) {
  return useQuery(shiftsInRangeQuery(range));
}
