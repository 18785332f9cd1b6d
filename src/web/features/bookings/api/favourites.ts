import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationInput } from '@shared/trust/favourites';
import { answer, api, cancellable } from '@web/lib/api';

export const favouriteKeys = {
  professionals: ['practice', 'professionals'],
  shiftInvitations: (shiftId: string) => ['practice', 'shifts', shiftId, 'invitations'] as const,
  myInvitations: ['professional', 'invitations'],
} as const;

/** GET /api/practice/professionals: everyone booked on its shifts, favourites first. */
export const myProfessionalsQuery = queryOptions({
  queryKey: favouriteKeys.professionals,
  queryFn: ({ signal }) => answer(api.practice.professionals.$get(undefined, cancellable(signal))),
});

export function useMyProfessionals() {
  return useQuery(myProfessionalsQuery);
}

/**
 * Marks (`favourite: true`) or unmarks a professional as a favourite. Favourites decide who
 * sees favourites-first shifts and may book limited instant shifts: the list is refreshed.
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favourite }: { id: string; favourite: boolean }) => {
      const target = api.practice.favourites[':id'];
      return answer(favourite ? target.$put({ param: { id } }) : target.$delete({ param: { id } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.professionals }),
  });
}

/** GET /api/practice/shifts/{shiftId}/invitations. */
export function useShiftInvitations(shiftId: string) {
  return useQuery({
    queryKey: favouriteKeys.shiftInvitations(shiftId),
    queryFn: ({ signal }) =>
      answer(
        api.practice.shifts[':shiftId'].invitations.$get(
          { param: { shiftId } },
          cancellable(signal),
        ),
      ),
  });
}

/** Invites one professional to the shift, or withdraws an invitation; the list follows. */
export function useInvite(shiftId: string) {
  const queryClient = useQueryClient();
  const key = favouriteKeys.shiftInvitations(shiftId);
  const settle = (data: unknown) => queryClient.setQueryData(key, data);
  return {
    invite: useMutation({
      mutationFn: (input: InvitationInput) =>
        answer(
          api.practice.shifts[':shiftId'].invitations.$post({ param: { shiftId }, json: input }),
        ),
      onSuccess: settle,
    }),
    withdraw: useMutation({
      mutationFn: (id: string) =>
        answer(api.practice.invitations[':id'].withdraw.$post({ param: { id } })),
      onSuccess: settle,
    }),
  };
}

/** GET /api/professional/invitations. */
export function useMyInvitations() {
  return useQuery({
    queryKey: favouriteKeys.myInvitations,
    queryFn: ({ signal }) =>
      answer(api.professional.invitations.$get(undefined, cancellable(signal))),
    // A practice invites at any time: fetched again whenever the dashboard shows it.
    staleTime: 0,
  });
}

/**
 * Accepts (booked at once) or declines an invitation. Accepting changes the board, the
 * bookings, the calendar and the dashboard: every query is refreshed.
 */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }): Promise<void> => {
      const target = api.professional.invitations[':id'];
      if (accept) await answer(target.accept.$post({ param: { id } }));
      else await answer(target.decline.$post({ param: { id } }));
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
