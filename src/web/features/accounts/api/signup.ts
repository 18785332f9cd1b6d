import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PracticeSignupInput } from '@shared/validation/practice-signup';
import type { ProfessionalSignupInput } from '@shared/validation/professional-signup';
import { answer, api } from '@web/lib/api';
import { sessionQuery } from './session';

export function signUpPractice(input: PracticeSignupInput) {
  return answer(api.signup.practice.$post({ json: input }));
}

export function signUpProfessional(input: ProfessionalSignupInput) {
  return answer(api.signup.professional.$post({ json: input }));
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
