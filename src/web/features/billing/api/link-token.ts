import { useMutation } from '@tanstack/react-query';
import type { LinkTokenDto } from '@shared/practice/billing';
import { apiRequest } from '@web/lib/api-client';

/** Plaid: a fresh Link token. Sandbox: the test banks to offer. */
export function createLinkToken() {
  return apiRequest<LinkTokenDto>('/api/practice/billing/link-token', { method: 'POST', body: {} });
}

export function useCreateLinkToken() {
  return useMutation({ mutationFn: createLinkToken });
}
