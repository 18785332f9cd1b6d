import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfessionalStatus, ScreeningListDto } from '@shared/screening-constants';
import { apiRequest } from '@web/lib/api-client';

/** GET /api/admin/professionals?status=…: one console tab, with the counts of every tab. */
export function fetchScreeningList(status: ProfessionalStatus, signal?: AbortSignal) {
  return apiRequest<ScreeningListDto>(`/api/admin/professionals?status=${status}`, { signal });
}

export const screeningListQuery = (status: ProfessionalStatus) =>
  queryOptions({
    queryKey: ['admin', 'professionals', status],
    queryFn: ({ signal }) => fetchScreeningList(status, signal),
  });

export function useScreeningList(status: ProfessionalStatus) {
  return useQuery({ ...screeningListQuery(status), placeholderData: keepPreviousData });
}
