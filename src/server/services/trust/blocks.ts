import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  blockMessages,
  type AdminBlockDto,
  type BlockDto,
  type BlockSide,
} from '@shared/trust/blocks';
import {
  blocks,
  bookings,
  favourites,
  practices,
  professionals,
  shiftApplications,
  shiftInvitations,
  shifts,
} from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { professionalName } from '../marketplace/marketplace-actors';
import { forgetPracticeReach } from '../matching/count-shift-reach';

/** The pair a block joins, and which side makes it. */
interface BlockPair {
  practiceId: string;
  professionalId: string;
  by: BlockSide;
}

/**
 * Blocks the pair (again: nothing changes). In one transaction: the block, the pending
 * applications of the pair end without a notice (declined when the practice blocks, withdrawn
 * when the professional does), and the stored reach of the practice's shifts is forgotten. The
 * boards and lists of both sides are dropped by the blocks trigger. Confirmed bookings stay:
 * cancelling one follows the cancellation policy.
 */
async function block(ctx: ServiceContext, pair: BlockPair): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(blocks)
      .values({
        practiceId: pair.practiceId,
        professionalId: pair.professionalId,
        blockedBy: pair.by,
      })
      .onConflictDoNothing();
    const now = ctx.clock.now();
    await tx
      .update(shiftApplications)
      .set(
        pair.by === 'practice'
          ? { status: 'declined', decidedAt: now, updatedAt: now }
          : { status: 'withdrawn', updatedAt: now },
      )
      .where(
        and(
          eq(shiftApplications.professionalId, pair.professionalId),
          eq(shiftApplications.status, 'pending'),
          sql`${shiftApplications.shiftId} in (select ${shifts.id} from ${shifts}
            where ${shifts.practiceId} = ${pair.practiceId})`,
        ),
      );
    // Nothing is offered across a block: no favourite, no pending invitation.
    await tx
      .delete(favourites)
      .where(
        and(
          eq(favourites.practiceId, pair.practiceId),
          eq(favourites.professionalId, pair.professionalId),
        ),
      );
    await tx
      .update(shiftInvitations)
      .set({ status: 'withdrawn', decidedAt: now })
      .where(
        and(
          eq(shiftInvitations.practiceId, pair.practiceId),
          eq(shiftInvitations.professionalId, pair.professionalId),
          eq(shiftInvitations.status, 'pending'),
        ),
      );
    await forgetPracticeReach(tx, pair.practiceId, ctx.clock.now());
  });
}

async function unblock(ctx: ServiceContext, pair: BlockPair): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(blocks)
      .where(
        and(
          eq(blocks.practiceId, pair.practiceId),
          eq(blocks.professionalId, pair.professionalId),
          eq(blocks.blockedBy, pair.by),
        ),
      );
    await forgetPracticeReach(tx, pair.practiceId, ctx.clock.now());
  });
}

/**
 * A practice may block a professional it knows: one who applied for or was booked on one of its
 * shifts. Anyone else is 404 (an id is no way to learn who is on ChairFill).
 */
async function professionalKnownTo(
  ctx: ServiceContext,
  practiceId: string,
  professionalId: string,
): Promise<void> {
  const [known] = await ctx.db
    .select({ id: professionals.id })
    .from(professionals)
    .where(
      and(
        eq(professionals.id, professionalId),
        or(
          sql`exists (select 1 from ${bookings} where ${bookings.professionalId} = ${professionals.id}
            and ${bookings.practiceId} = ${practiceId})`,
          sql`exists (select 1 from ${shiftApplications} join ${shifts} on ${shifts.id} = ${shiftApplications.shiftId}
            where ${shiftApplications.professionalId} = ${professionals.id} and ${shifts.practiceId} = ${practiceId})`,
        ),
      ),
    );
  if (!known) throw new DomainError(404, 'not_found', blockMessages.professionalNotFound);
}

/** A professional may block any practice ChairFill has verified (the ones whose shifts exist for them). */
async function verifiedPractice(ctx: ServiceContext, practiceId: string): Promise<void> {
  const [found] = await ctx.db
    .select({ id: practices.id })
    .from(practices)
    .where(and(eq(practices.id, practiceId), eq(practices.verificationStatus, 'verified')));
  if (!found) throw new DomainError(404, 'not_found', blockMessages.practiceNotFound);
}

export async function practiceBlocksProfessional(
  ctx: ServiceContext,
  practiceId: string,
  professionalId: string,
): Promise<void> {
  await professionalKnownTo(ctx, practiceId, professionalId);
  await block(ctx, { practiceId, professionalId, by: 'practice' });
}

/** Unblocking someone never blocked is a no-op (204 either way). */
export async function practiceUnblocksProfessional(
  ctx: ServiceContext,
  practiceId: string,
  professionalId: string,
): Promise<void> {
  await unblock(ctx, { practiceId, professionalId, by: 'practice' });
}

export async function professionalBlocksPractice(
  ctx: ServiceContext,
  professionalId: string,
  practiceId: string,
): Promise<void> {
  await verifiedPractice(ctx, practiceId);
  await block(ctx, { practiceId, professionalId, by: 'professional' });
}

export async function professionalUnblocksPractice(
  ctx: ServiceContext,
  professionalId: string,
  practiceId: string,
): Promise<void> {
  await unblock(ctx, { practiceId, professionalId, by: 'professional' });
}

/** The professionals a practice blocked, newest first. */
export async function listPracticeBlocks(
  ctx: ServiceContext,
  practiceId: string,
): Promise<{ blocks: BlockDto[] }> {
  const rows = await ctx.db
    .select({ block: blocks, professional: professionals })
    .from(blocks)
    .innerJoin(professionals, eq(professionals.id, blocks.professionalId))
    .where(and(eq(blocks.practiceId, practiceId), eq(blocks.blockedBy, 'practice')))
    .orderBy(desc(blocks.createdAt));
  return {
    blocks: rows.map(({ block, professional }) => ({
      id: professional.id,
      name: professionalName(professional),
      blockedAt: block.createdAt.toISOString(),
    })),
  };
}

/** The practices a professional blocked, newest first. */
export async function listProfessionalBlocks(
  ctx: ServiceContext,
  professionalId: string,
): Promise<{ blocks: BlockDto[] }> {
  const rows = await ctx.db
    .select({ block: blocks, practiceName: practices.practiceName })
    .from(blocks)
    .innerJoin(practices, eq(practices.id, blocks.practiceId))
    .where(and(eq(blocks.professionalId, professionalId), eq(blocks.blockedBy, 'professional')))
    .orderBy(desc(blocks.createdAt));
  return {
    blocks: rows.map(({ block, practiceName }) => ({
      id: block.practiceId,
      name: practiceName,
      blockedAt: block.createdAt.toISOString(),
    })),
  };
}

/** Every block, newest first, for the admin console (at most 500). */
export async function listAllBlocks(ctx: ServiceContext): Promise<{ blocks: AdminBlockDto[] }> {
  const rows = await ctx.db
    .select({ block: blocks, practiceName: practices.practiceName, professional: professionals })
    .from(blocks)
    .innerJoin(practices, eq(practices.id, blocks.practiceId))
    .innerJoin(professionals, eq(professionals.id, blocks.professionalId))
    .orderBy(desc(blocks.createdAt))
    .limit(500);
  return {
    blocks: rows.map(({ block, practiceName, professional }) => ({
      practiceId: block.practiceId,
      practiceName,
      professionalId: professional.id,
      professionalName: professionalName(professional),
      blockedBy: block.blockedBy,
      blockedAt: block.createdAt.toISOString(),
    })),
  };
}
