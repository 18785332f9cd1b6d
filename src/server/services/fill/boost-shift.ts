import { and, asc, eq, sql } from 'drizzle-orm';
import { boostMessages } from '@shared/fill/boost-texts';
import type {
  ShiftBoostDto,
  ShiftBoostInput,
  ShiftBoostResultDto,
  ShiftBoostsDto,
} from '@shared/fill/boosts';
import { shiftStatusAt } from '@shared/practice/shift-constants';
import { shiftMessages } from '@shared/practice/shifts';
import { sqlArray } from '../../db/sql-arrays';
import { practices, shiftBoosts, shifts } from '../../db/schema';
import { notifyTrust } from '../../notifications/trust-messages';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { toShiftSummary } from '../marketplace/shift-summary';
import { changeShiftTerms, shiftRateOf } from '../practice/change-shift-terms';
import { selectPracticeShifts } from '../practice/list-shifts';
import { lockOwnShift } from '../practice/lock-own-shift';
import {
  boostAvailability,
  boostDayOf,
  boostRefusal,
  boostsLeft,
  boostsUsed,
} from './boost-limits';
import { boostRecipients, type BoostRecipient } from './boost-recipients';

type BoostRow = typeof shiftBoosts.$inferSelect;

function toBoostDto(row: BoostRow): ShiftBoostDto {
  return {
    id: row.id,
    kind: row.kind,
    rateCentsBefore: row.rateCentsBefore,
    rateCentsAfter: row.rateCentsAfter,
    told: row.told,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Boosts an open shift of the practice (issue 42, slice 8; decision record 052), in one
 * transaction holding the practice's row locked, so two boosts at once never pass a limit:
 * - `rate`: the new rate, higher than the current one (else 409) and within the position's
 *   bounds (else 400), saved as any change of terms is (changeShiftTerms: pending applicants
 *   withdrawn and told); then the professionals it newly reaches are told;
 * - `widen`: its best matches with the widen ring are told, once per shift;
 * - `urgent`: within 24 hours of the start, once: its best matches are told at once.
 * Widen and urgent need a verified practice (else 409: they would tell no one) and open a
 * shift still offered to favourites first to everyone (the practice asked to reach more). Those
 * told are recorded (match_notices) and their notices queued as one trust event, delivered by
 * the notice worker through the daily alert cap. Refused with 404 for a shift of another
 * practice, 409 when it is not open or a limit is reached.
 */
export async function boostShift(
  ctx: ServiceContext,
  actor: { practiceId: string; userId: string },
  shiftId: string,
  input: ShiftBoostInput,
  now: Date = ctx.clock.now(),
): Promise<ShiftBoostResultDto> {
  return ctx.db.transaction(async (tx) => {
    // One practice's boosts one at a time: the counts below cannot change until the commit.
    const [practice] = await tx
      .select({ verificationStatus: practices.verificationStatus })
      .from(practices)
      .where(eq(practices.id, actor.practiceId))
      .for('update');
    if (!practice) throw new DomainError(404, 'shift_not_found', shiftMessages.notFound);
    const current = await lockOwnShift(tx, actor.practiceId, shiftId);
    if (shiftStatusAt(current.shift, now) !== 'open') {
      throw new DomainError(409, 'shift_not_open', boostMessages.notOpen);
    }
    const used = await boostsUsed(tx, actor.practiceId, shiftId, now);
    const refusal = boostRefusal(input.kind, used, current.shift.startsAt, now);
    if (refusal) throw new DomainError(409, refusal.code, refusal.message);

    let row = current.shift;
    let withdrawn = 0;
    let recipients: BoostRecipient[] = [];
    if (input.kind === 'rate') {
      const rateCents = shiftRateOf(current.shift.position, input.rate);
      if (rateCents <= current.shift.rateCents) {
        const message = boostMessages.rateNotHigher(current.shift.rateCents);
        throw new DomainError(409, 'boost_rate_not_higher', message, { rate: message });
      }
      ({ row, withdrawn } = await changeShiftTerms(
        tx,
        current,
        { startsAt: current.shift.startsAt, endsAt: current.shift.endsAt, rateCents },
        now,
      ));
      // Offered to favourites first: the others cannot see it yet, and are told when it opens.
      const offeredFirst = row.favouritesFirstUntil !== null && row.favouritesFirstUntil > now;
      if (!offeredFirst) {
        recipients = await boostRecipients(
          tx,
          shiftId,
          { kind: 'rate', rateCentsBefore: current.shift.rateCents },
          now,
        );
      }
    } else {
      if (practice.verificationStatus !== 'verified') {
        throw new DomainError(409, 'practice_not_verified', boostMessages.practiceNotVerified);
      }
      if (row.favouritesFirstUntil !== null) {
        const [released] = await tx
          .update(shifts)
          .set({ favouritesFirstUntil: null, updatedAt: now })
          .where(eq(shifts.id, shiftId))
          .returning();
        row = released!;
      }
      recipients = await boostRecipients(tx, shiftId, { kind: input.kind }, now);
    }

    const [boost] = await tx
      .insert(shiftBoosts)
      .values({
        shiftId,
        practiceId: actor.practiceId,
        kind: input.kind,
        rateCentsBefore: input.kind === 'rate' ? current.shift.rateCents : null,
        rateCentsAfter: input.kind === 'rate' ? row.rateCents : null,
        told: recipients.length,
        createdBy: actor.userId,
        createdAt: now,
        day: boostDayOf(now),
      })
      .returning();
    if (recipients.length > 0) {
      // Told at '-infinity', as the backfill records: the digest reads a professional's latest
      // notice as when it last wrote to them, which a boost must not move.
      await tx.execute(sql`insert into match_notices (professional_id, shift_id, noticed_at)
        select unnest(${sqlArray(
          recipients.map((recipient) => recipient.professionalId),
          'uuid',
        )}), ${shiftId}::uuid, '-infinity'::timestamptz
        on conflict do nothing`);
      await notifyTrust(tx, {
        kind: 'boost',
        boost: input.kind,
        recipients: recipients.map(({ userId, miles, travelDistanceMiles }) => ({
          userId,
          miles,
          travelDistanceMiles,
        })),
        shift: toShiftSummary(row, current.practiceName, now),
        dedupeKey: `boost:${boost!.id}`,
      });
    }
    const [shift] = await selectPracticeShifts(tx, eq(shifts.id, shiftId), now);
    return {
      boost: toBoostDto(boost!),
      told: recipients.length,
      withdrawn,
      shift: shift!,
      left: boostsLeft({
        ...used,
        shift: used.shift + 1,
        today: used.today + 1,
        urgentToday: used.urgentToday + (input.kind === 'urgent' ? 1 : 0),
      }),
    };
  });
}

/**
 * An own shift's boosts and what is left (the Boost dialog): 404 for a shift of another
 * practice. A shift that is not open may not be boosted: nothing is available.
 */
export async function listShiftBoosts(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
  now: Date = ctx.clock.now(),
): Promise<ShiftBoostsDto> {
  const [shift] = await ctx.db
    .select({ status: shifts.status, startsAt: shifts.startsAt })
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)));
  if (!shift) throw new DomainError(404, 'shift_not_found', shiftMessages.notFound);
  const rows = await ctx.db
    .select()
    .from(shiftBoosts)
    .where(eq(shiftBoosts.shiftId, shiftId))
    .orderBy(asc(shiftBoosts.createdAt), asc(shiftBoosts.id));
  const used = await boostsUsed(ctx.db, practiceId, shiftId, now);
  const open = shiftStatusAt(shift, now) === 'open';
  const availability = boostAvailability(used, shift.startsAt, now);
  return {
    boosts: rows.map(toBoostDto),
    left: boostsLeft(used),
    available: open ? availability.available : { rate: false, widen: false, urgent: false },
    urgentUnavailable: availability.urgentUnavailable,
  };
}
