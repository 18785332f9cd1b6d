import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';

/** POST /api/account/email/confirm: the link's token makes the change. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => answer(api.account.email.confirm.$post({ json: { token } })),
    // The signed-in account (if any) and every profile now carry the new address.
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'all' }),
  });
}
