import { and, desc, eq, gte, or, sql } from 'drizzle-orm';
import { shiftPositionByRole } from '@shared/matching/shift-board-constants';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-replies';
import {
  invitationTexts,
  type InvitationStatus,
  type MyInvitationDto,
  type ShiftInvitationDto,
} from '@shared/trust/favourites';
import {
  practices,
  professionals,
  shiftApplications,
  shiftInvitations,
  shifts,
} from '../../db/schema';
import { queryRows } from '../../db/client';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';
import { notifyTrust } from '../../notifications/trust-messages';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import type { Tx } from '../marketplace/db-transaction';
import { confirmBooking } from '../marketplace/confirm-booking';
import { bookingConflict, fillShift } from '../marketplace/fill-shift';
import { professionalName, verifiedProfessional } from '../marketplace/marketplace-actors';
import { toProfessionalBookingDto } from '../marketplace/marketplace-dtos';
import { marketplaceErrors } from '../marketplace/marketplace-errors';
import { assertStillOpen } from '../marketplace/shift-to-take';
import { toShiftSummary } from '../marketplace/shift-summary';
import type { ProfessionalAccount } from '../professional/professional-account';
import { credentialsAllow, practiceOpenTo } from '../matching/eligibility-sql';

/** How long answered invitations stay on the professional's dashboard. */
const ANSWERED_SHOWN_DAYS = 14;

/** How many invitations a practice may send in an hour (each one tells someone by e-mail). */
export const INVITATIONS_PER_HOUR = 60;

/** The rate-limit key of a practice's invitations. */
export const invitationLimitKey = (practiceId: string) => `invitations:practice:${practiceId}`;

const errors = {
  tooMany: () => new DomainError(429, 'too_many_invitations', invitationTexts.tooMany),
  notFound: () => new DomainError(404, 'invitation_not_found', invitationTexts.notFound),
  notInvitable: () => new DomainError(409, 'not_invitable', invitationTexts.notInvitable),
  alreadyInvited: () => new DomainError(409, 'already_invited', invitationTexts.alreadyInvited),
  notPending: () => new DomainError(409, 'invitation_not_pending', invitationTexts.notPending),
};

/** The practice's own shift, locked (the marketplace's lock order: the shift row first). */
async function ownShift(tx: Tx, practiceId: string, shiftId: string) {
  const [found] = await tx
    .select({
      shift: shifts,
      practiceName: practices.practiceName,
      practiceUserId: practices.userId,
    })
    .from(shifts)
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)))
    .for('update', { of: shifts });
  if (!found) throw marketplaceErrors.shiftNotFound();
  return found;
}

/** The invitations of one of the practice's shifts, newest first. */
export async function listShiftInvitations(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
): Promise<ShiftInvitationDto[]> {
  const [shift] = await ctx.db
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)));
  if (!shift) throw marketplaceErrors.shiftNotFound();
  const rows = await ctx.db
    .select({ invitation: shiftInvitations, professional: professionals })
    .from(shiftInvitations)
    .innerJoin(professionals, eq(professionals.id, shiftInvitations.professionalId))
    .where(eq(shiftInvitations.shiftId, shiftId))
    .orderBy(desc(shiftInvitations.createdAt), shiftInvitations.id);
  return rows.map((row) => ({
    id: row.invitation.id,
    professionalId: row.professional.id,
    professionalName: professionalName(row.professional),
    status: row.invitation.status,
    createdAt: row.invitation.createdAt.toISOString(),
  }));
}

/**
 * The practice invites one professional it worked with (booked before, verified, of the shift's
 * position, neither side blocked) to one of its open future shifts; they are told at once. A
 * second invitation of the same person to the same shift is refused, unless the practice
 * withdrew the first. The invitation passes the favourites-first time and instant-book limits:
 * the practice named them.
 */
export async function inviteToShift(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
  input: { professionalId: string; message: string },
  now: Date = ctx.clock.now(),
): Promise<ShiftInvitationDto[]> {
  const allowed = await consumeRateLimit(ctx.db, invitationLimitKey(practiceId), {
    max: INVITATIONS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!allowed) throw errors.tooMany();
  await ctx.db.transaction(async (tx) => {
    const found = await ownShift(tx, practiceId, shiftId);
    assertStillOpen(found.shift, now);
    const [candidate] = await queryRows<{
      user_id: string;
      role: keyof typeof shiftPositionByRole;
    }>(
      tx,
      sql`select p.user_id, p.role from professionals p
        where p.id = ${input.professionalId}::uuid and p.status = 'verified'
          and exists (select 1 from bookings b where b.practice_id = ${practiceId}::uuid
            and b.professional_id = p.id and b.status in ('confirmed', 'completed', 'no_show'))
          and ${practiceOpenTo(sql`${practiceId}::uuid`, sql`p.id`)}`,
    );
    if (!candidate || shiftPositionByRole[candidate.role] !== found.shift.position) {
      throw errors.notInvitable();
    }
    const [invitation] = await tx
      .insert(shiftInvitations)
      .values({
        shiftId,
        practiceId,
        professionalId: input.professionalId,
        message: input.message,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [shiftInvitations.shiftId, shiftInvitations.professionalId],
        set: { status: 'pending', message: input.message, createdAt: now, decidedAt: null },
        setWhere: eq(shiftInvitations.status, 'withdrawn'),
      })
      .returning();
    if (!invitation) throw errors.alreadyInvited();
    await notifyTrust(tx, {
      kind: 'invitation',
      professionalUserId: candidate.user_id,
      shift: toShiftSummary(found.shift, found.practiceName, now),
      message: input.message,
    });
  });
  return listShiftInvitations(ctx, practiceId, shiftId);
}

/** The practice withdraws a pending invitation of its own. */
export async function withdrawInvitation(
  ctx: ServiceContext,
  practiceId: string,
  invitationId: string,
  now: Date = ctx.clock.now(),
): Promise<ShiftInvitationDto[]> {
  const [invitation] = await ctx.db
    .select()
    .from(shiftInvitations)
    .where(and(eq(shiftInvitations.id, invitationId), eq(shiftInvitations.practiceId, practiceId)));
  if (!invitation) throw errors.notFound();
  const [withdrawn] = await ctx.db
    .update(shiftInvitations)
    .set({ status: 'withdrawn', decidedAt: now })
    .where(and(eq(shiftInvitations.id, invitationId), eq(shiftInvitations.status, 'pending')))
    .returning();
  if (!withdrawn) throw errors.notPending();
  return listShiftInvitations(ctx, practiceId, invitation.shiftId);
}

/** A pending invitation whose shift is no longer open, or has started, reads as closed. */
function statusNow(
  status: InvitationStatus,
  shift: { status: string; startsAt: Date },
  now: Date,
): InvitationStatus {
  if (status !== 'pending') return status;
  return shift.status === 'open' && shift.startsAt > now ? 'pending' : 'expired';
}

/**
 * The signed-in professional's invitations: the pending ones and those answered in the last
 * two weeks, soonest shift first. A practice that is no longer open to them (a block, a review)
 * is left out.
 */
export async function listMyInvitations(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = ctx.clock.now(),
): Promise<MyInvitationDto[]> {
  const since = new Date(now.getTime() - ANSWERED_SHOWN_DAYS * 86_400_000);
  const rows = await ctx.db
    .select({ invitation: shiftInvitations, shift: shifts, practiceName: practices.practiceName })
    .from(shiftInvitations)
    .innerJoin(professionals, eq(professionals.id, shiftInvitations.professionalId))
    .innerJoin(shifts, eq(shifts.id, shiftInvitations.shiftId))
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(
      and(
        eq(professionals.userId, account.id),
        or(eq(shiftInvitations.status, 'pending'), gte(shiftInvitations.decidedAt, since)),
        practiceOpenTo(shifts.practiceId, shiftInvitations.professionalId),
      ),
    )
    .orderBy(shifts.startsAt, shiftInvitations.id);
  return rows
    .map((row) => ({
      id: row.invitation.id,
      status: statusNow(row.invitation.status, row.shift, now),
      message: row.invitation.message,
      createdAt: row.invitation.createdAt.toISOString(),
      shift: {
        id: row.shift.id,
        practiceName: row.practiceName,
        position: row.shift.position,
        startTime: row.shift.startsAt.toISOString(),
        endTime: row.shift.endsAt.toISOString(),
        rateCents: row.shift.rateCents,
        payThrough: row.shift.payThrough,
        locationName: row.shift.locationName,
        locationAddress: row.shift.locationAddress,
        locationCity: row.shift.locationCity,
      },
    }))
    .filter(
      (invitation) =>
        invitation.status !== 'expired' || invitation.shift.startTime > since.toISOString(),
    );
}

/** The professional's own pending invitation, its shift locked first. */
async function myPendingInvitation(tx: Tx, professionalId: string, invitationId: string) {
  const [found] = await tx
    .select({
      invitation: shiftInvitations,
      shift: shifts,
      practiceName: practices.practiceName,
      practiceUserId: practices.userId,
    })
    .from(shiftInvitations)
    .innerJoin(shifts, eq(shifts.id, shiftInvitations.shiftId))
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(
      and(
        eq(shiftInvitations.id, invitationId),
        eq(shiftInvitations.professionalId, professionalId),
        practiceOpenTo(shifts.practiceId, shiftInvitations.professionalId),
      ),
    )
    .for('update', { of: shifts });
  if (!found) throw errors.notFound();
  if (found.invitation.status !== 'pending') throw errors.notPending();
  return found;
}

/**
 * The professional accepts: they are booked on the shift at once (fillShift: if someone took
 * it meanwhile, 409 as for instant booking), as long as they may take it (verified; the
 * practice still open to them; its required credentials held). Both sides are told, the
 * shift's other applicants declined.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  invitationId: string,
  now: Date = ctx.clock.now(),
): Promise<ProfessionalBookingDto> {
  return bookingConflict('instant', () =>
    ctx.db.transaction(async (tx) => {
      const professional = await verifiedProfessional(tx, account);
      const found = await myPendingInvitation(tx, professional.id, invitationId);
      const [allowed] = await queryRows<{ ok: boolean }>(
        tx,
        sql`select ${credentialsAllow(sql`p.id`, sql`p.role`)} as ok
          from shifts s, professionals p
          where s.id = ${found.shift.id}::uuid and p.id = ${professional.id}::uuid`,
      );
      if (!allowed?.ok) throw errors.notInvitable();
      assertStillOpen(found.shift, now);
      const [application] = await tx
        .select({ id: shiftApplications.id })
        .from(shiftApplications)
        .where(
          and(
            eq(shiftApplications.shiftId, found.shift.id),
            eq(shiftApplications.professionalId, professional.id),
            eq(shiftApplications.status, 'pending'),
          ),
        );
      // Their pending application, if any, is accepted with the booking.
      const filled = await fillShift(tx, {
        shiftId: found.shift.id,
        practiceId: found.shift.practiceId,
        professionalId: professional.id,
        applicationId: application?.id,
        source: 'accepted',
        asking: 'professional',
        now,
      });
      const { shift, booking } = filled;
      await tx
        .update(shiftInvitations)
        .set({ status: 'accepted', decidedAt: now, bookingId: booking.id })
        .where(eq(shiftInvitations.id, invitationId));
      await confirmBooking(tx, {
        ...filled,
        practiceName: found.practiceName,
        practiceUserId: found.practiceUserId,
        professionalUserId: professional.userId,
        professionalName: professional.name,
        now,
      });
      return toProfessionalBookingDto(booking, shift, found.practiceName, null, now);
    }),
  );
}

/** The professional declines; the practice is told. */
export async function declineInvitation(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  invitationId: string,
  now: Date = ctx.clock.now(),
): Promise<MyInvitationDto[]> {
  await ctx.db.transaction(async (tx) => {
    const professional = await verifiedProfessional(tx, account);
    const found = await myPendingInvitation(tx, professional.id, invitationId);
    await tx
      .update(shiftInvitations)
      .set({ status: 'declined', decidedAt: now })
      .where(eq(shiftInvitations.id, invitationId));
    await notifyTrust(tx, {
      kind: 'invitation_declined',
      practiceUserId: found.practiceUserId,
      professionalName: professional.name,
      shift: toShiftSummary(found.shift, found.practiceName, now),
    });
  });
  return listMyInvitations(ctx, account, now);
}
