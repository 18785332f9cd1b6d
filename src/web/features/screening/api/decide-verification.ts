import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationDecisionKind } from '@shared/screening-constants';
import { answer, api } from '@web/lib/api';
import { screeningKeys } from './query-keys';

export interface DecisionRequest {
  professionalId: string;
  decision: VerificationDecisionKind;
  reason: string;
}

/** POST /api/admin/professionals/:id/decisions. */
export function decideVerification({ professionalId, decision, reason }: DecisionRequest) {
  return answer(
    api.admin.professionals[':id'].decisions.$post({
      param: { id: professionalId },
      json: { decision, reason },
    }),
  );
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    // Every tab and count may change.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: screeningKeys.all });
    },
  });
}
