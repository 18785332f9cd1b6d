import { useMutation, useQueryClient } from '@tanstack/react-query';
import { professionalProfileQuery } from './profile';
import { uploadFile } from './upload-request';

/** POST /api/professional/photo: replaces the photo (any image, at most 5 MB). */
export function uploadProfessionalPhoto(file: File) {
  return uploadFile('photo', file);
}

export function useUploadProfessionalPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfessionalPhoto,
    onSuccess: (profile) => queryClient.setQueryData(professionalProfileQuery.queryKey, profile),
  });
}
