import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockSide } from '@shared/trust/blocks';
import { answer, api, cancellable } from '@web/lib/api';

export const blockKeys = {
  own: (side: BlockSide) => ['blocks', side] as const,
  admin: ['admin', 'blocks'],
} as const;

/** The blocks the signed-in practice or professional made. */
export const ownBlocksQuery = (side: BlockSide) =>
  queryOptions({
    queryKey: blockKeys.own(side),
    queryFn: ({ signal }) =>
      answer(
        side === 'practice'
          ? api.practice.blocks.$get(undefined, cancellable(signal))
          : api.professional.blocks.$get(undefined, cancellable(signal)),
      ),
  });

export function useOwnBlocks(side: BlockSide) {
  return useQuery(ownBlocksQuery(side));
}

/** Every block, for the admin console. */
export function useAllBlocks() {
  return useQuery({
    queryKey: blockKeys.admin,
    queryFn: ({ signal }) => answer(api.admin.blocks.$get(undefined, cancellable(signal))),
  });
}

/**
 * Blocks (`block: true`) or unblocks the practice or professional `id` on behalf of `side`. A
 * block changes boards, applicant lists, reach and bookings: every query is refreshed.
 */
export function useBlock(side: BlockSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, block }: { id: string; block: boolean }) => {
      const target =
        side === 'practice' ? api.practice.blocks[':id'] : api.professional.blocks[':id'];
      await answer(block ? target.$put({ param: { id } }) : target.$delete({ param: { id } }));
    },
    onSettled: () => {
      void queryClient.invalidateQueries();
    },
  });
}
