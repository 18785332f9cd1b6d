import { z } from 'zod';
import { payThroughOptions } from '../money/pay-terms-constants';
import { isoInstant } from '../reply-fields';
import { shiftPositions } from '../practice/shift-constants';
import { multiLineText } from '../validation/fields';
import { invitationStatuses, favouriteTexts, invitationTexts } from './favourites-constants';
/**
 * Favourites, favourites-first postings, instant-book limits, invitations and block postings
 * (decision record 022): the practice keeps the professionals it worked with and liked, offers
 * them a shift first, limits who may book at once, invites one by name, or asks one person for
 * every date of a request.
 */

export * from './favourites-constants';

export const invitationMessageSchema = z.object({
  professionalId: z.uuid({ error: favouriteTexts.notFound }),
  message: multiLineText({ max: 500, tooLong: invitationTexts.messageTooLong }).default(''),
});

export type InvitationInput = z.input<typeof invitationMessageSchema>;

/** One professional the practice worked with. */
export const myProfessionalReply = z
  .object({
    id: z.string(),
    name: z.string(),
    position: z.enum(shiftPositions),
    favourite: z.boolean(),
    shiftsWorked: z.number().int(),
    lastShiftAt: isoInstant.nullable(),
    /** The practice's own average rating of them, null when it rated none of their shifts. */
    averageRating: z.number().nullable(),
  })
  .meta({ id: 'MyProfessional' });

export const myProfessionalsReply = z
  .object({ professionals: z.array(myProfessionalReply) })
  .meta({ id: 'MyProfessionals' });

/** An invitation as the practice sees it on its shift. */
export const shiftInvitationReply = z
  .object({
    id: z.string(),
    professionalId: z.string(),
    professionalName: z.string(),
    status: z.enum(invitationStatuses),
    createdAt: isoInstant,
  })
  .meta({ id: 'ShiftInvitation' });

export const shiftInvitationsReply = z
  .object({ invitations: z.array(shiftInvitationReply) })
  .meta({ id: 'ShiftInvitations' });

/** An invitation as the professional sees it. */
export const myInvitationReply = z
  .object({
    id: z.string(),
    status: z.enum(invitationStatuses),
    message: z.string(),
    createdAt: isoInstant,
    shift: z.object({
      id: z.string(),
      practiceName: z.string(),
      position: z.enum(shiftPositions),
      startTime: isoInstant,
      endTime: isoInstant,
      rateCents: z.number().int(),
      payThrough: z.enum(payThroughOptions),
      locationName: z.string(),
      locationAddress: z.string(),
      locationCity: z.string(),
    }),
  })
  .meta({ id: 'MyInvitation' });

export const myInvitationsReply = z
  .object({ invitations: z.array(myInvitationReply) })
  .meta({ id: 'MyInvitations' });

export type MyProfessionalDto = z.infer<typeof myProfessionalReply>;

export type ShiftInvitationDto = z.infer<typeof shiftInvitationReply>;

export type MyInvitationDto = z.infer<typeof myInvitationReply>;
