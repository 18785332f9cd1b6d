import { useMutation, useQueryClient } from '@tanstack/react-query';
import { professionalProfileQuery } from './profile';
import { uploadFile } from './upload-request';

/** POST /api/professional/resume: replaces the resume (PDF, DOC or DOCX, at most 10 MB). */
export function uploadProfessionalResume(file: File) {
  return uploadFile('resume', file);
}

export function useUploadProfessionalResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfessionalResume,
    onSuccess: (profile) => queryClient.setQueryData(professionalProfileQuery.queryKey, profile),
  });
}
