import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PracticeReviewDecision, PracticeReviewStatus } from '@shared/trust/practice-review';
import { answer, api, cancellable } from '@web/lib/api';

export const practiceReviewKeys = {
  /** The admin console's tabs. */
  all: ['admin', 'practices'],
  list: (status: PracticeReviewStatus) => ['admin', 'practices', status] as const,
  /** The practice's own review state. */
  own: ['practice', 'review'],
} as const;

/** GET /api/admin/practices?status=…: one console tab, with the counts of every tab. */
export const practiceReviewListQuery = (status: PracticeReviewStatus) =>
  queryOptions({
    queryKey: practiceReviewKeys.list(status),
    queryFn: ({ signal }) =>
      answer(api.admin.practices.$get({ query: { status } }, cancellable(signal))),
  });

export function usePracticeReviewList(status: PracticeReviewStatus) {
  return useQuery({ ...practiceReviewListQuery(status), placeholderData: keepPreviousData });
}

export interface PracticeDecisionRequest {
  practiceId: string;
  decision: PracticeReviewDecision;
  reason: string;
}

/** POST /api/admin/practices/:id/decisions. */
export function useDecidePracticeReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ practiceId, decision, reason }: PracticeDecisionRequest) =>
      answer(
        api.admin.practices[':id'].decisions.$post({
          param: { id: practiceId },
          json: { decision, reason },
        }),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: practiceReviewKeys.all });
    },
  });
}

/** GET /api/practice/review: the practice's own review state. */
export const ownPracticeReviewQuery = queryOptions({
  queryKey: practiceReviewKeys.own,
  queryFn: ({ signal }) => answer(api.practice.review.$get(undefined, cancellable(signal))),
});

export function useOwnPracticeReview() {
  return useQuery(ownPracticeReviewQuery);
}
