import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShiftBoardReply } from '@shared/matching/shift-board';
import { apiRequest } from '@web/lib/api-client';

export interface ShiftBoardFilters {
  /** Miles to search beyond the travel distance; undefined: the travel distance. */
  maxDistance?: number;
  includeBelowMinimum: boolean;
}

/** GET /api/professional/shift-board: the open shifts that fit the professional, with why. */
export function fetchShiftBoard(filters: ShiftBoardFilters, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.maxDistance !== undefined) params.set('maxDistance', String(filters.maxDistance));
  if (filters.includeBelowMinimum) params.set('includeBelowMinimum', 'true');
  const query = params.toString();
  return apiRequest<ShiftBoardReply>(`/api/professional/shift-board${query ? `?${query}` : ''}`, {
    signal,
  });
}

export function shiftBoardQuery(filters: ShiftBoardFilters) {
  return queryOptions({
    queryKey: ['professional', 'shift-board', filters],
    queryFn: ({ signal }) => fetchShiftBoard(filters, signal),
    // Keep the list on screen while a changed filter loads.
    placeholderData: keepPreviousData,
    // Profile edits and new shifts change the matches: refetch whenever the section opens.
    staleTime: 0,
  });
}

export function useShiftBoard(filters: ShiftBoardFilters) {
  return useQuery(shiftBoardQuery(filters));
}
