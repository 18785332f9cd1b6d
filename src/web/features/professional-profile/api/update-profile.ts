import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfessionalProfileDto, ProfileUpdateInput } from '@shared/professional/profile';
import { apiRequest } from '@web/lib/api-client';
import { professionalProfileQuery } from './profile';

/** PUT /api/professional/profile: one card's fields, merged over the record. */
export function updateProfessionalProfile(input: ProfileUpdateInput) {
  return apiRequest<ProfessionalProfileDto>('/api/professional/profile', {
    method: 'PUT',
    body: input,
  });
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
