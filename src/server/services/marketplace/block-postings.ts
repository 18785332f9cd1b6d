import { and, eq, sql } from 'drizzle-orm';
import { shiftApplications, shifts } from '../../db/schema';
import type { Tx } from './db-transaction';
import type { ShiftRow } from './fill-shift';

/**
 * Block postings (decision record 022): a multi-date request asking one professional for all
 * its dates. The professional applies for the block, and the practice accepts, declines or the
 * professional withdraws the block: each date keeps its own application and, once accepted, its
 * own booking, so cancelling one date follows the cancellation policy for that date alone.
 */

/**
 * The other dates of a whole-block shift's posting that are still open and have not started;
 * none for a shift that is not part of a whole block.
 */
export async function openBlockSiblings(tx: Tx, shift: ShiftRow, now: Date): Promise<ShiftRow[]> {
  if (!shift.wholeBlock || !shift.postingId) return [];
  // Every date of the posting is locked in one order (the shift itself included), so two
  // professionals applying from different dates at once wait for each other, never deadlock.
  const dates = await tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.postingId, shift.postingId), eq(shifts.practiceId, shift.practiceId)))
    .orderBy(shifts.startsAt, shifts.id)
    .for('update');
  return dates.filter(
    (date) => date.id !== shift.id && date.status === 'open' && date.startsAt > now,
  );
}

/** Applies the professional for the block's other open dates too, with the same note. */
export async function applyForBlockSiblings(
  tx: Tx,
  siblings: ShiftRow[],
  professionalId: string,
  /** None sent: an empty note on a new application, the old one kept on a withdrawn one. */
  note: string | undefined,
  now: Date,
): Promise<void> {
  if (siblings.length === 0) return;
  await tx
    .insert(shiftApplications)
    .values(
      siblings.map((sibling) => ({
        shiftId: sibling.id,
        professionalId,
        note,
        status: 'pending' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [shiftApplications.shiftId, shiftApplications.professionalId],
      set: {
        status: 'pending',
        note,
        createdAt: now,
        decidedAt: null,
        updatedAt: now,
        practiceEmailedAt: null,
      },
      setWhere: eq(shiftApplications.status, 'withdrawn'),
    });
  // The first response is stamped on the dates that have none (a date already answered is left
  // as it is: an update would announce a change of the shift for nothing).
  const unanswered = siblings.filter((sibling) => sibling.firstResponseAt === null);
  if (unanswered.length === 0) return;
  await tx
    .update(shifts)
    .set({ firstResponseAt: now })
    .where(
      sql`${shifts.id} in (${sql.join(
        unanswered.map((sibling) => sql`${sibling.id}::uuid`),
        sql`, `,
      )}) and ${shifts.firstResponseAt} is null`,
    );
}

/** The professional's pending applications for the block's other open dates. */
export async function pendingBlockApplications(
  tx: Tx,
  siblings: ShiftRow[],
  professionalId: string,
): Promise<Array<{ application: typeof shiftApplications.$inferSelect; shift: ShiftRow }>> {
  if (siblings.length === 0) return [];
  const rows = await tx
    .select()
    .from(shiftApplications)
    .where(
      and(
        eq(shiftApplications.professionalId, professionalId),
        eq(shiftApplications.status, 'pending'),
        sql`${shiftApplications.shiftId} in (${sql.join(
          siblings.map((sibling) => sql`${sibling.id}::uuid`),
          sql`, `,
        )})`,
      ),
    )
    .for('update');
  const byId = new Map(siblings.map((sibling) => [sibling.id, sibling]));
  return rows.map((application) => ({ application, shift: byId.get(application.shiftId)! }));
}
