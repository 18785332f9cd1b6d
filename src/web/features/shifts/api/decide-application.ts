import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { practiceKeys } from '@web/features/practice/api/query-keys';
import { shiftKeys } from './query-keys';

/** POST /api/practice/applications/:id/accept: fills the shift, declines the other applicants. */
export function acceptApplication(applicationId: string) {
  return answer(api.practice.applications[':id'].accept.$post({ param: { id: applicationId } }));
}

/** POST /api/practice/applications/:id/decline. */
export function declineApplication(applicationId: string) {
  return answer(api.practice.applications[':id'].decline.$post({ param: { id: applicationId } }));
}

function useRefreshAfter<T>(mutationFn: (applicationId: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Whatever the answer: a refusal usually means the shift or the application changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
        queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard }),
      ]),
  });
}

export function useAcceptApplication() {
  return useRefreshAfter(acceptApplication);
}

export function useDeclineApplication() {
  return useRefreshAfter(declineApplication);
}
