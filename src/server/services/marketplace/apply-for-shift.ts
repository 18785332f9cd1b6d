import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { MyApplicationDto } from '@shared/marketplace/booking-replies';
import { builtOnce, nowValue } from '../../db/built-once';
import { shiftApplications, shifts } from '../../db/schema';
import type { Database } from '../../db/client';
import { noticesQueuedIn } from '../../notifications/notice-queue';
import { marketplaceQueued } from '../../notifications/notify';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { applyForBlockSiblings, openBlockSiblings } from './block-postings';
import { assertNoOverlappingBooking } from './booking-overlap';
import { verifiedProfessional } from './marketplace-actors';
import { toMyApplicationDto } from './marketplace-dtos';
import { marketplaceErrors } from './marketplace-errors';
import { toShiftSummary } from './shift-summary';
import { assertStillOpen, shiftToTake } from './shift-to-take';

const placeholder = sql.placeholder;

/** The shift, locked as an update would (FOR NO KEY UPDATE), if still open and not started. */
const lockOpenShift = builtOnce((db) =>
  db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.id, placeholder('shiftId')),
        eq(shifts.status, 'open'),
        gt(shifts.startsAt, placeholder('now')),
      ),
    )
    .for('no key update'),
);

/** lockOpenShift for the first application: its first response time is stamped. */
const stampFirstResponse = builtOnce((db) =>
  db
    .update(shifts)
    .set({ firstResponseAt: nowValue })
    .where(
      and(
        eq(shifts.id, placeholder('shiftId')),
        eq(shifts.status, 'open'),
        gt(shifts.startsAt, placeholder('now')),
        isNull(shifts.firstResponseAt),
      ),
    )
    .returning(),
);

/**
 * A new pending application, or a withdrawn one revived, and its notices queued (`notices`,
 * announced); nothing when there is another.
 */
const applyAndTell = builtOnce((db) => {
  const application = db.$with('application').as(upsertApplication(db));
  const notices = noticesQueuedIn(
    db,
    sql`${placeholder('notices')}`,
    nowValue,
    sql`exists (select 1 from ${application})`,
  );
  return db
    .with(application, notices.queued)
    .select({ application: application._.selectedFields, announced: notices.announced })
    .from(application);
});

function upsertApplication(db: Database) {
  return db
    .insert(shiftApplications)
    .values({
      shiftId: placeholder('shiftId'),
      professionalId: placeholder('professionalId'),
      // No note sent: the column's own default (an empty note).
      note: sql`coalesce(${placeholder('note')}::text, '')`,
      status: 'pending',
      createdAt: nowValue,
      updatedAt: nowValue,
    })
    .onConflictDoUpdate({
      target: [shiftApplications.shiftId, shiftApplications.professionalId],
      set: {
        status: 'pending',
        // No note sent: the note it had stays (a save changes only what it names).
        note: sql`coalesce(${placeholder('note')}::text, ${shiftApplications.note})`,
        createdAt: nowValue,
        decidedAt: null,
        updatedAt: nowValue,
        // Applying again is news to the practice again (notifications/applicant-emails.ts).
        practiceEmailedAt: null,
      },
      setWhere: eq(shiftApplications.status, 'withdrawn'),
    })
    .returning();
}

/**
 * A verified professional applies (optionally with a note) for an open future 'Review
 * applicants' shift of their position. Applying again after withdrawing reuses the same row
 * (one per shift and professional); a pending, accepted or declined application cannot be
 * renewed (the upsert only revives a withdrawn row, so two applications at once make one). The first application stamps the shift's first response time. The practice is told. Refused
 * (409 'booking_overlap', naming their booking) when the shift, or another date of its block,
 * overlaps one of their live bookings.
 *
 * The shift row is locked (FOR NO KEY UPDATE, as an update would) only while open and not
 * started, so an accept that fills the shift at the same moment either sees this application
 * (and declines it) or makes this one refused.
 */
export async function applyForShift(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  shiftId: string,
  /** No note when the request carried no body (the schema's default applies only to a body). */
  input: { note?: string },
  now: Date = ctx.clock.now(),
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
    // first response time (one statement: the update locks the row as the lock would). Later
    // ones only lock it: an update would announce a change of the shift and make every board of
    // its area be computed again for nothing. A shift read with its first response already
    // stamped is only locked; one read without tries the stamp first (someone else may have
    // stamped it since: then it is locked).
    const shiftValues = { shiftId, now: now.toISOString() };
    const [stamped] = found.shift.firstResponseAt ? [] : await stampFirstResponse(tx, shiftValues);
    const [shift] = stamped ? [stamped] : await lockOpenShift(tx, shiftValues);
    if (!shift) throw marketplaceErrors.notOpen();
    // Not for a time they are already booked (issue 41), any date of a block included; the
    // practice's accept checks again under their schedule lock (fillShift).
    await assertNoOverlappingBooking(tx, professional.id, [shift, ...siblings], 'professional');

    // The practice is told (queued in the same statement).
    const [applied] = await applyAndTell(tx, {
      shiftId,
      professionalId: professional.id,
      note: input.note ?? null,
      now: now.toISOString(),
      notices: JSON.stringify(
        marketplaceQueued([
          {
            kind: 'application_received',
            practiceUserId: found.practiceUserId,
            professionalName: professional.name,
            shift: toShiftSummary(shift, found.practiceName, now),
          },
        ]),
      ),
    });
    if (!applied) throw marketplaceErrors.alreadyApplied();
    await applyForBlockSiblings(tx, siblings, professional.id, input.note, now);
    return toMyApplicationDto(applied.application, shift, found.practiceName, now);
  });
}
