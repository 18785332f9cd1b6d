import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

interface EmailChanged {
  email: string;
  message: string;
}

/** POST /api/account/email/confirm: the link's token makes the change. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<EmailChanged>('/api/account/email/confirm', {
        method: 'POST',
        body: { token },
      }),
    // The signed-in account (if any) and every profile now carry the new address.
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'all' }),
  });
}
