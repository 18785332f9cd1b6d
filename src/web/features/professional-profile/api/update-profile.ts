import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@shared/professional/profile';
import { answer, api } from '@web/lib/api';
import { professionalProfileQuery } from './profile';

/** PUT /api/professional/profile: one card's fields, merged over the record. */
export function updateProfessionalProfile(input: ProfileUpdateInput) {
  return answer(api.professional.profile.$put({ json: input }));
}

export function useUpdateProfessionalProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfessionalProfile,
    // A profile read still on its way (sent before the save) must not replace the saved one.
    onSuccess: async (profile) => {
      await queryClient.cancelQueries({ queryKey: professionalProfileQuery.queryKey });
      queryClient.setQueryData(professionalProfileQuery.queryKey, profile);
    },
  });
}
