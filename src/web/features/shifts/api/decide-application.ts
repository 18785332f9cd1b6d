import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicantDto, PracticeBookingDto } from '@shared/marketplace/booking-constants';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKey, shiftsKey } from './shifts';

/** POST /api/practice/applications/:id/accept: fills the shift, declines the other applicants. */
export function acceptApplication(applicationId: string) {
  return apiRequest<PracticeBookingDto>(
    `/api/practice/applications/${encodeURIComponent(applicationId)}/accept`,
    { method: 'POST', body: {} },
  );
}

/** POST /api/practice/applications/:id/decline. */
export function declineApplication(applicationId: string) {
  return apiRequest<ApplicantDto>(
    `/api/practice/applications/${encodeURIComponent(applicationId)}/decline`,
    { method: 'POST', body: {} },
  );
}

function useRefreshAfter<T>(mutationFn: (applicationId: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Whatever the answer: a refusal usually means the shift or the application changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}

export function useAcceptApplication() {
  return useRefreshAfter(acceptApplication);
}

export function useDeclineApplication() {
  return useRefreshAfter(declineApplication);
}
