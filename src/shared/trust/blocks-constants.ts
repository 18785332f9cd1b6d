/**
 * The constants, texts and helpers of blocks.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). blocks.ts re-exports them.
 */
/**
 * Blocks between a practice and a professional (decision record 021). Either side can block
 * the other; while a block exists the professional never sees, applies for, books or is told of
 * the practice's shifts. Blocks are private: the other side is never told; admins see them.
 */
export const blockSides = ['practice', 'professional'] as const;

export type BlockSide = (typeof blockSides)[number];

export const blockMessages = {
  professionalNotFound: 'Professional not found.',
  practiceNotFound: 'Practice not found.',
  listFailed: 'Failed to load your blocked list. Please try again.',
  blockFailed: 'Failed to block. Please try again.',
  unblockFailed: 'Failed to unblock. Please try again.',
  practice: {
    title: 'Blocked professionals',
    hint: 'A professional you block no longer sees your shifts, cannot apply for or book them and is not told of them. They are not told that you blocked them. Bookings already confirmed stay until you cancel them.',
    empty: 'You have not blocked anyone.',
    action: 'Block professional',
    confirmTitle: (name: string) => `Block ${name}?`,
    confirmBody:
      'They will no longer see your shifts, apply for or book them, or be told of them; a pending application of theirs is declined. They are not told. Bookings already confirmed stay until you cancel them.',
    done: (name: string) => `${name} is blocked.`,
    undone: (name: string) => `${name} is no longer blocked.`,
  },
  professional: {
    title: 'Blocked practices',
    hint: 'You never see shifts of a practice you block, and you are not told of them. The practice is not told.',
    empty: 'You have not blocked any practice.',
    action: 'Block this practice',
    confirmTitle: (name: string) => `Block ${name}?`,
    confirmBody:
      'You will no longer see this practice’s shifts or be told of them, and a pending application of yours for them is withdrawn. The practice is not told. Bookings already confirmed stay until you cancel them.',
    done: (name: string) => `${name} is blocked. You will no longer see its shifts.`,
    undone: (name: string) => `${name} is no longer blocked.`,
  },
  unblock: 'Unblock',
  confirm: 'Block',
} as const;
