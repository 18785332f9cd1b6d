import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function usePasswordResetRequest() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      apiRequest<{ message: string }>('/api/password-reset/request', { body: input }),
  });
}

export function usePasswordResetComplete() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; confirmPassword: string }) =>
      apiRequest<{ message: string }>('/api/password-reset/complete', { body: input }),
  });
}
