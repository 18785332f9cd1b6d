import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  THREAD_REFRESH_MS,
  UNREAD_REFRESH_MS,
} from '@shared/conversations/conversations-constants';
import type { SendMessageInput } from '@shared/conversations/conversations';
import type { ConversationThreadDto } from '@shared/conversations/conversation-replies';
import { answer, api, cancellable } from '@web/lib/api';
import { messageKeys, type MessageSide } from './query-keys';

/** The signed-in side's conversations, the latest first. */
export function useConversations(side: MessageSide) {
  return useQuery({
    queryKey: messageKeys.list(side),
    queryFn: ({ signal }) =>
      answer(
        side === 'practice'
          ? api.practice.conversations.$get(undefined, cancellable(signal))
          : api.professional.conversations.$get(undefined, cancellable(signal)),
      ),
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

/** How many messages the signed-in side has not read (the sidebar badge). */
export function useUnreadMessages(side: MessageSide) {
  return useQuery({
    queryKey: messageKeys.unread(side),
    queryFn: ({ signal }) =>
      answer(
        side === 'practice'
          ? api.practice.conversations.unread.$get(undefined, cancellable(signal))
          : api.professional.conversations.unread.$get(undefined, cancellable(signal)),
      ),
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

function readThread(
  side: MessageSide,
  shiftId: string,
  professionalId: string | null,
  signal?: AbortSignal,
): Promise<ConversationThreadDto> {
  return side === 'practice'
    ? answer(
        api.practice.shifts[':shiftId'].conversations[':professionalId'].$get(
          { param: { shiftId, professionalId: professionalId ?? '' } },
          cancellable(signal),
        ),
      )
    : answer(
        api.professional.shifts[':shiftId'].conversation.$get(
          { param: { shiftId } },
          cancellable(signal),
        ),
      );
}

/**
 * One conversation, asked again every THREAD_REFRESH_MS while it is open; reading it marks the
 * other side's messages read, so the counts are refreshed after each answer.
 */
export function useThread(side: MessageSide, shiftId: string, professionalId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.thread(side, shiftId, professionalId),
    queryFn: async ({ signal }) => {
      const thread = await readThread(side, shiftId, professionalId, signal);
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread(side) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.list(side) });
      return thread;
    },
    refetchInterval: THREAD_REFRESH_MS,
  });
}

/** Sends a message; the answer is the conversation as it now stands. */
export function useSendMessage(side: MessageSide, shiftId: string, professionalId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) =>
      side === 'practice'
        ? answer(
            api.practice.shifts[':shiftId'].conversations[':professionalId'].messages.$post({
              param: { shiftId, professionalId: professionalId ?? '' },
              json: input,
            }),
          )
        : answer(
            api.professional.shifts[':shiftId'].conversation.messages.$post({
              param: { shiftId },
              json: input,
            }),
          ),
    onSuccess: (thread) => {
      queryClient.setQueryData(messageKeys.thread(side, shiftId, professionalId), thread);
      void queryClient.invalidateQueries({ queryKey: messageKeys.list(side) });
    },
  });
}
