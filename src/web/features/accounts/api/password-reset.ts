import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';

export function usePasswordResetRequest() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      answer(api['password-reset'].request.$post({ json: input })),
  });
}

export function usePasswordResetComplete() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; confirmPassword: string }) =>
      answer(api['password-reset'].complete.$post({ json: input })),
  });
}
