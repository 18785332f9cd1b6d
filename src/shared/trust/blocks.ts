import { z } from 'zod';
import { isoInstant } from '../reply-fields';
import { blockSides } from './blocks-constants';

export * from './blocks-constants';

/** One block as its owner sees it: who, and since when. */
export const blockReply = z
  .object({
    /** The blocked practice's or professional's id. */
    id: z.string(),
    name: z.string(),
    blockedAt: isoInstant,
  })
  .meta({ id: 'Block' });

export const blockListReply = z.object({ blocks: z.array(blockReply) }).meta({ id: 'BlockList' });

/** Every block, as the admin console shows them. */
export const adminBlockReply = z
  .object({
    practiceId: z.string(),
    practiceName: z.string(),
    professionalId: z.string(),
    professionalName: z.string(),
    blockedBy: z.enum(blockSides),
    blockedAt: isoInstant,
  })
  .meta({ id: 'AdminBlock' });

export const adminBlockListReply = z
  .object({ blocks: z.array(adminBlockReply) })
  .meta({ id: 'AdminBlockList' });

export type BlockDto = z.infer<typeof blockReply>;

export type AdminBlockDto = z.infer<typeof adminBlockReply>;
