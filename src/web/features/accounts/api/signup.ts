import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PracticeSignupInput } from '@shared/validation/practice-signup';
import type { ProfessionalSignupInput } from '@shared/validation/professional-signup';
import { apiRequest } from '@web/lib/api-client';
import { sessionQuery } from './session';

export function signUpPractice(input: PracticeSignupInput) {
  return apiRequest<{ portalPath: string }>('/api/signup/practice', { body: input });
}

export function signUpProfessional(input: ProfessionalSignupInput) {
  return apiRequest<{ portalPath: string }>('/api/signup/professional', { body: input });
}

export function usePracticeSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUpPractice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}

export function useProfessionalSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUpProfessional,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
