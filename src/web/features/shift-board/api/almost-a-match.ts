import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlmostShiftDto } from '@shared/fill/almost-a-match';
import { centsToDollars } from '@shared/money-format';
import type { ProfileUpdateInput } from '@shared/professional/profile';
import { professionalProfileKeys } from '@web/features/professional-profile/api/query-keys';
import { answer, api, cancellable } from '@web/lib/api';
import { shiftBoardKeys } from './query-keys';

/** GET /api/professional/shift-board/almost: shifts just outside the professional's settings. */
export function fetchAlmostAMatch(signal?: AbortSignal) {
  return answer(api.professional['shift-board'].almost.$get(undefined, cancellable(signal)));
}

/**
 * "Almost a match", asked for only once `enabled` (the section has come into view), so the
 * board's own first answer never waits for it; asked again whenever the section opens.
 */
export function useAlmostAMatch(enabled: boolean) {
  return useQuery({
    queryKey: shiftBoardKeys.almost,
    queryFn: ({ signal }) => fetchAlmostAMatch(signal),
    enabled,
    staleTime: 0,
  });
}

/** The one profile field a card's button saves: nothing else is sent, so nothing else changes. */
export function settingOf(shift: Pick<AlmostShiftDto, 'almost'>): ProfileUpdateInput {
  const { almost } = shift;
  return almost.kind === 'distance'
    ? { travelDistance: almost.travelDistanceMiles }
    : { minimumRate: centsToDollars(almost.minimumRateCents) };
}

/**
 * Saves the setting a card names through the profile save (PUT /api/professional/profile), then
 * reads the board and "Almost a match" again: the shift moves from one to the other.
 */
export function useSaveAlmostSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shift: AlmostShiftDto) =>
      answer(api.professional.profile.$put({ json: settingOf(shift) })),
    onSuccess: async (profile) => {
      // A profile read still on its way (sent before the save) must not replace the saved one.
      await queryClient.cancelQueries({ queryKey: professionalProfileKeys.profile });
      queryClient.setQueryData(professionalProfileKeys.profile, profile);
      await queryClient.invalidateQueries({ queryKey: shiftBoardKeys.all });
    },
  });
}
