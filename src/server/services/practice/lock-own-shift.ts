import { and, eq } from 'drizzle-orm';
import { shiftMessages } from '@shared/practice/shifts';
import { practices, shifts } from '../../db/schema';
import { DomainError } from '../domain-error';
import type { Tx } from '../marketplace/db-transaction';

/**
 * The practice's own shift with its practice's name, locked for a change (an edit, a boost);
 * 404 when it is another practice's or unknown, alike.
 */
export async function lockOwnShift(tx: Tx, practiceId: string, shiftId: string) {
  const [current] = await tx
    .select({ shift: shifts, practiceName: practices.practiceName })
    .from(shifts)
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)))
    .for('update', { of: shifts });
  if (!current) throw new DomainError(404, 'shift_not_found', shiftMessages.notFound);
  return current;
}
