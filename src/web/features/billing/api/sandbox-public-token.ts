import { useMutation } from '@tanstack/react-query';
import type { SandboxPublicTokenInput } from '@shared/practice/billing';
import { answer, api } from '@web/lib/api';

/** The sandbox widget's stand-in for the public token Plaid Link returns. */
export function createSandboxPublicToken(input: SandboxPublicTokenInput) {
  return answer(api.practice.billing.sandbox['public-token'].$post({ json: input }));
}

export function useCreateSandboxPublicToken() {
  return useMutation({ mutationFn: createSandboxPublicToken });
}
