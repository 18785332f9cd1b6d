import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';

/** Plaid: a fresh Link token. Sandbox: the test banks to offer. */
export function createLinkToken() {
  return answer(api.practice.billing['link-token'].$post());
}

export function useCreateLinkToken() {
  return useMutation({ mutationFn: createLinkToken });
}
