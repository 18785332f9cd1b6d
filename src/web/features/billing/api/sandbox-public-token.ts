import { useMutation } from '@tanstack/react-query';
import type { SandboxPublicTokenDto, SandboxPublicTokenInput } from '@shared/practice/billing';
import { apiRequest } from '@web/lib/api-client';

/** The sandbox widget's stand-in for the public token Plaid Link returns. */
export function createSandboxPublicToken(input: SandboxPublicTokenInput) {
  return apiRequest<SandboxPublicTokenDto>('/api/practice/billing/sandbox/public-token', {
    method: 'POST',
    body: input,
  });
}

export function useCreateSandboxPublicToken() {
  return useMutation({ mutationFn: createSandboxPublicToken });
}
