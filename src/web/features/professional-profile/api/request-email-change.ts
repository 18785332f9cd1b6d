import { useMutation } from '@tanstack/react-query';
import type { EmailChangeRequestInput } from '@shared/validation/email-change';
import { apiRequest } from '@web/lib/api-client';

interface EmailChangeRequested {
  pendingEmail: string;
  message: string;
}

/** POST /api/account/email/change: sends the confirmation link to the new address. */
export function requestEmailChange(input: EmailChangeRequestInput) {
  return apiRequest<EmailChangeRequested>('/api/account/email/change', {
    method: 'POST',
    body: input,
  });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
