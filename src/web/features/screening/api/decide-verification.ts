import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfessionalStatus, VerificationDecisionKind } from '@shared/screening-constants';
import { apiRequest } from '@web/lib/api-client';

export interface DecisionRequest {
  professionalId: string;
  decision: VerificationDecisionKind;
  reason: string;
}

/** POST /api/admin/professionals/:id/decisions. */
export function decideVerification({ professionalId, decision, reason }: DecisionRequest) {
  return apiRequest<{ decisionId: string; professionalId: string; status: ProfessionalStatus }>(
    `/api/admin/professionals/${encodeURIComponent(professionalId)}/decisions`,
    { body: { decision, reason } },
  );
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    // Every tab and count may change.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'professionals'] });
    },
  });
}
