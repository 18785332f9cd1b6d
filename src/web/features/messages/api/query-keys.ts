/** The messages feature's queries (decision record 025): its public face for invalidation. */
export type MessageSide = 'practice' | 'professional';

export const messageKeys = {
  /** Every message query of one side (lists, counts, threads). */
  side: (side: MessageSide) => ['messages', side] as const,
  list: (side: MessageSide) => ['messages', side, 'list'] as const,
  unread: (side: MessageSide) => ['messages', side, 'unread'] as const,
  thread: (side: MessageSide, shiftId: string, professionalId: string | null) =>
    ['messages', side, 'thread', shiftId, professionalId ?? ''] as const,
} as const;
