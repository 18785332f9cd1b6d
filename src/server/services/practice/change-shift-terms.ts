import { and, eq } from 'drizzle-orm';
import { shiftRateField } from '@shared/hourly-rate-bounds';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import type { ShiftPosition } from '@shared/practice/shift-constants';
import { shiftMessages } from '@shared/practice/shifts';
import { shiftApplications, shifts } from '../../db/schema';
import { notifyShiftLifecycle } from '../../notifications/shift-lifecycle-messages';
import type { Tx } from '../marketplace/db-transaction';
import { userIdsOfProfessionals } from '../marketplace/marketplace-actors';
import { toShiftSummary } from '../marketplace/shift-summary';
import { queueShiftReach } from '../matching/count-shift-reach';
import { DomainError } from '../domain-error';

type ShiftRow = typeof shifts.$inferSelect;

/**
 * A new rate as typed ('52.50' or 52.5), read with the stored shift's position: the rule the
 * form applies (shiftRateField). Refused with 400 and the field's message.
 */
export function shiftRateOf(position: ShiftPosition, typed: string | number): number {
  const rate = shiftRateField(position, shiftMessages.enterRate).safeParse(typed);
  if (!rate.success || rate.data === null) {
    const message = rate.error?.issues[0]?.message ?? shiftMessages.enterRate;
    throw new DomainError(400, 'validation_failed', message, { rate: message });
  }
  return rate.data;
}

/** The terms of an open shift a practice may change: its hours (same date) and its rate. */
export interface ShiftTerms {
  startsAt: Date;
  endsAt: Date;
  rateCents: number;
}

/**
 * A change of an open shift's terms (decision record 014), the one home of the rule: the shift's
 * hours and rate are saved; when any of them changed, the pending applications, made on the old
 * terms, are withdrawn and each applicant is told the new terms (they may apply again); a save
 * that changes nothing keeps them. The reach is counted again after the commit (decision 030).
 * The caller holds `current` locked (select ... for update) in `tx` and has checked the terms
 * (the edit's form rules, a boost's higher rate). Answers the saved row and how many
 * applications were withdrawn.
 */
export async function changeShiftTerms(
  tx: Tx,
  current: { shift: ShiftRow; practiceName: string },
  terms: ShiftTerms,
  now: Date,
): Promise<{ row: ShiftRow; withdrawn: number }> {
  const [row] = await tx
    .update(shifts)
    .set({ ...terms, updatedAt: now })
    .where(eq(shifts.id, current.shift.id))
    .returning();
  const termsChanged =
    terms.startsAt.getTime() !== current.shift.startsAt.getTime() ||
    terms.endsAt.getTime() !== current.shift.endsAt.getTime() ||
    terms.rateCents !== current.shift.rateCents;
  const withdrawn = termsChanged
    ? await withdrawApplicationsOnNewTerms(tx, toShiftSummary(row!, current.practiceName, now), now)
    : 0;
  await queueShiftReach(tx, [current.shift.id]); // new minutes or rate: reach after the commit (030)
  return { row: row!, withdrawn };
}

/** The pending applications of a shift whose terms changed: withdrawn, each applicant told. */
async function withdrawApplicationsOnNewTerms(
  tx: Tx,
  shift: ShiftSummaryDto,
  now: Date,
): Promise<number> {
  const withdrawn = await tx
    .update(shiftApplications)
    .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
    .where(and(eq(shiftApplications.shiftId, shift.id), eq(shiftApplications.status, 'pending')))
    .returning({ professionalId: shiftApplications.professionalId });
  if (withdrawn.length === 0) return 0;
  await notifyShiftLifecycle(tx, {
    kind: 'terms_changed',
    professionalUserIds: await userIdsOfProfessionals(tx, withdrawn),
    shift,
  });
  return withdrawn.length;
}
