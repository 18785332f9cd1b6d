import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { leavingPage } from '@web/lib/return-path';

export function signOut() {
  return answer(api.auth['sign-out'].$post());
}

/**
 * Signs out and returns to the home page with a full page load, so no signed-in data stays in
 * memory and the portal's guard never sees a half-signed-out state.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => {
      // What the sign-out itself causes (401s, the 'signed-out' live update) must not go to login.
      leavingPage();
      return signOut();
    },
    onSettled: () => window.location.assign('/'),
  });
}
