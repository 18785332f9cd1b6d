import { and, eq, gt } from 'drizzle-orm';
import type { MyApplicationDto } from '@shared/marketplace/booking-replies';
import { shiftApplications, shifts } from '../../db/schema';
import { notify } from '../../notifications/notify';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { applyForBlockSiblings, openBlockSiblings } from './block-postings';
import { verifiedProfessional } from './marketplace-actors';
import { toMyApplicationDto } from './marketplace-dtos';
import { marketplaceErrors } from './marketplace-errors';
import { toShiftSummary } from './shift-summary';
import { assertStillOpen, shiftToTake } from './shift-to-take';

/**
 * A verified professional applies (optionally with a note) for an open future 'Review
 * applicants' shift of their position. Applying again after withdrawing reuses the same row
 * (one per shift and professional); a pending, accepted or declined application cannot be
 * renewed (the upsert only revives a withdrawn row, so two applications at once make one). The first application stamps the shift's first response time. The practice is told.
 *
 * The shift row is locked (FOR NO KEY UPDATE, as an update would) only while open and not
 * started, so an accept that fills the shift at the same moment either sees this application
 * (and declines it) or makes this one refused.
 */
export async function applyForShift(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  shiftId: string,
  input: { note: string },
  now: Date = new Date(),
): Promise<MyApplicationDto> {
  return ctx.db.transaction(async (tx) => {
    const professional = await verifiedProfessional(tx, account);
    const found = await shiftToTake(tx, shiftId, professional, now);
    // Who may book it at once books it; everyone else applies (decision record 022).
    if (found.mayBookAtOnce) throw marketplaceErrors.useBook();
    assertStillOpen(found.shift, now);
    // A whole block: they apply for every open date of it together (decision record 022).
    const siblings = await openBlockSiblings(tx, found.shift, now);

    // The shift is locked only if still open and not started; the first application stamps its
    // first response time. Later ones leave the row as it is: an update would announce a change
    // of the shift and make every board of its position be computed again for nothing.
    const [locked] = await tx
      .select()
      .from(shifts)
      .where(and(eq(shifts.id, shiftId), eq(shifts.status, 'open'), gt(shifts.startsAt, now)))
      .for('no key update');
    if (!locked) throw marketplaceErrors.notOpen();
    const shift = locked.firstResponseAt
      ? locked
      : (
          await tx
            .update(shifts)
            .set({ firstResponseAt: now })
            .where(eq(shifts.id, shiftId))
            .returning()
        )[0]!;

    const [application] = await tx
      .insert(shiftApplications)
      .values({
        shiftId,
        professionalId: professional.id,
        note: input.note,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [shiftApplications.shiftId, shiftApplications.professionalId],
        set: {
          status: 'pending',
          note: input.note,
          createdAt: now,
          decidedAt: null,
          updatedAt: now,
          // Applying again is news to the practice again (notifications/applicant-emails.ts).
          practiceEmailedAt: null,
        },
        setWhere: eq(shiftApplications.status, 'withdrawn'),
      })
      .returning();
    if (!application) throw marketplaceErrors.alreadyApplied();
    await applyForBlockSiblings(tx, siblings, professional.id, input.note, now);

    await notify(tx, {
      kind: 'application_received',
      practiceUserId: found.practiceUserId,
      professionalName: professional.name,
      shift: toShiftSummary(shift, found.practiceName),
    });
    return toMyApplicationDto(application, shift, found.practiceName, now);
  });
}
