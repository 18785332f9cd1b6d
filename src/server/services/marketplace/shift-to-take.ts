import { and, eq, sql } from 'drizzle-orm';
import { practices, shifts } from '../../db/schema';
import { practiceOpenTo } from '../matching/eligibility-sql';
import type { Tx } from './db-transaction';
import type { ProfessionalActor } from './marketplace-actors';
import { marketplaceErrors } from './marketplace-errors';

/**
 * The shift a professional wants to apply for or book, with its practice's name and account:
 * 404 when there is no such shift, or when its practice may not reach them (not verified by
 * ChairFill, or blocked by either side: the same answer as an unknown shift, so a block stays
 * private), 409 when it is not for the position their role works.
 */
export async function shiftToTake(tx: Tx, shiftId: string, professional: ProfessionalActor) {
  const [found] = await tx
    .select({
      shift: shifts,
      practiceName: practices.practiceName,
      practiceUserId: practices.userId,
    })
    .from(shifts)
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(
      and(
        eq(shifts.id, shiftId),
        practiceOpenTo(shifts.practiceId, sql`${professional.id}::uuid`),
      ),
    );
  if (!found) throw marketplaceErrors.shiftNotFound();
  if (found.shift.position !== professional.position) throw marketplaceErrors.wrongPosition();
  return found;
}

/** 409 unless the shift is still open and has not started yet. */
export function assertStillOpen(shift: { status: string; startsAt: Date }, now: Date): void {
  if (shift.status !== 'open') throw marketplaceErrors.notOpen();
  if (shift.startsAt <= now) throw marketplaceErrors.alreadyStarted();
}
