import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function signOut() {
  return apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
}

/**
 * Signs out and returns to the home page with a full page load, so no signed-in data stays in
 * memory and the portal's guard never sees a half-signed-out state.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSettled: () => window.location.assign('/'),
  });
}
