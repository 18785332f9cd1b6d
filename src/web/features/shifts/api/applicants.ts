import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { shiftKeys } from './query-keys';

/** GET /api/practice/shifts/:shiftId/applicants: who applied for one of the practice's shifts. */
export function fetchApplicants(shiftId: string, signal?: AbortSignal) {
  return answer(
    api.practice.shifts[':shiftId'].applicants.$get({ param: { shiftId } }, cancellable(signal)),
  ).then((reply) => reply.applicants);
}

/** Under the shifts key: any change to the practice's shifts refreshes the applicants too. */
export function applicantsQuery(shiftId: string) {
  return queryOptions({
    queryKey: shiftKeys.applicants(shiftId),
    queryFn: ({ signal }) => fetchApplicants(shiftId, signal),
    staleTime: 0,
  });
}

export function useApplicants(shiftId: string, enabled: boolean) {
  return useQuery({ ...applicantsQuery(shiftId), enabled });
}
