import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AboutOfficeUpdateInput } from '@shared/trust/practice-scorecard';
import { answer, api, cancellable } from '@web/lib/api';
import { practiceKeys } from './query-keys';

const aboutKey = [...practiceKeys.record, 'about'] as const;

/** GET /api/practice/about: what the practice says about itself on its page. */
export function usePracticeAbout() {
  return useQuery({
    queryKey: aboutKey,
    queryFn: ({ signal }) => answer(api.practice.about.$get(undefined, cancellable(signal))),
  });
}

/** Saves the "About your office" card: only the fields it sends change. */
export function useSavePracticeAbout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AboutOfficeUpdateInput) => answer(api.practice.about.$put({ json: input })),
    onSuccess: (about) => queryClient.setQueryData(aboutKey, about),
  });
}
