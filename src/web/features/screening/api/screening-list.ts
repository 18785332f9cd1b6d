import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfessionalStatus } from '@shared/screening-constants';
import { answer, api, cancellable } from '@web/lib/api';
import { screeningKeys } from './query-keys';

/** GET /api/admin/professionals?status=…: one console tab, with the counts of every tab. */
export function fetchScreeningList(status: ProfessionalStatus, signal?: AbortSignal) {
  return answer(api.admin.professionals.$get({ query: { status } }, cancellable(signal)));
}

export const screeningListQuery = (status: ProfessionalStatus) =>
  queryOptions({
    queryKey: screeningKeys.list(status),
    queryFn: ({ signal }) => fetchScreeningList(status, signal),
  });

export function useScreeningList(status: ProfessionalStatus) {
  return useQuery({ ...screeningListQuery(status), placeholderData: keepPreviousData });
}
