import { useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { practiceScorecardKeys } from './query-keys';

/** GET /api/professional/practices/{id}: the practice's page (scorecard and self-description). */
export function usePracticeProfile(practiceId: string) {
  return useQuery({
    queryKey: practiceScorecardKeys.profile(practiceId),
    queryFn: ({ signal }) =>
      answer(
        api.professional.practices[':id'].$get({ param: { id: practiceId } }, cancellable(signal)),
      ),
  });
}
