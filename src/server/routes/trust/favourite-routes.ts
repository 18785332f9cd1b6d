import { z } from 'zod';
import {
  favouriteTexts,
  invitationMessageSchema,
  invitationTexts,
  myProfessionalReply,
  myProfessionalsReply,
  shiftInvitationsReply,
} from '@shared/trust/favourites';
import { bookingMessages } from '@shared/marketplace/bookings';
import { listMyProfessionals, setFavourite } from '../../services/trust/favourites';
import {
  inviteToShift,
  listShiftInvitations,
  withdrawInvitation,
} from '../../services/trust/invitations';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';

const { router, route } = declareRoutes('practice');

const professionalParams = z.object({ id: idParam(favouriteTexts.notFound) });
const shiftParams = z.object({ shiftId: idParam(bookingMessages.shiftNotFound) });
const invitationParams = z.object({ id: idParam(invitationTexts.notFound) });

/**
 * The practice's professionals, favourites and invitations (mounted at /api/practice; decision
 * record 022). Only professionals it worked with can be favourites or invited.
 */
export const practiceFavouriteRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/professionals',
      summary: 'The professionals booked on its shifts before: favourites first, then the latest',
      responses: { 200: jsonAnswer(myProfessionalsReply, 'Its professionals') },
    }),
    async (c) =>
      c.json(
        { professionals: await listMyProfessionals(c.var.services, c.var.actor.practiceId) },
        200,
      ),
  )
  .openapi(
    route({
      method: 'put',
      path: '/favourites/{id}',
      summary: 'Mark a professional it worked with as a favourite (again: no change)',
      request: { params: professionalParams },
      responses: { 200: jsonAnswer(myProfessionalReply, 'The professional') },
    }),
    async (c) =>
      c.json(
        await setFavourite(c.var.services, c.var.actor.practiceId, c.req.valid('param').id, true),
        200,
      ),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/favourites/{id}',
      summary: 'No longer a favourite (not one: no change)',
      request: { params: professionalParams },
      responses: { 200: jsonAnswer(myProfessionalReply, 'The professional') },
    }),
    async (c) =>
      c.json(
        await setFavourite(c.var.services, c.var.actor.practiceId, c.req.valid('param').id, false),
        200,
      ),
  )
  .openapi(
    route({
      method: 'get',
      path: '/shifts/{shiftId}/invitations',
      summary: 'The invitations of one of its shifts, newest first',
      request: { params: shiftParams },
      responses: { 200: jsonAnswer(shiftInvitationsReply, 'The invitations') },
    }),
    async (c) =>
      c.json(
        {
          invitations: await listShiftInvitations(
            c.var.services,
            c.var.actor.practiceId,
            c.req.valid('param').shiftId,
          ),
        },
        200,
      ),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/shifts/{shiftId}/invitations',
        summary:
          'Invite a professional it worked with to an open shift ({ professionalId, message? })',
        request: { params: shiftParams, body: jsonBody(invitationMessageSchema) },
        responses: { 201: jsonAnswer(shiftInvitationsReply, "The shift's invitations") },
      },
      { errors: [409, 429] },
    ),
    async (c) =>
      c.json(
        {
          invitations: await inviteToShift(
            c.var.services,
            c.var.actor.practiceId,
            c.req.valid('param').shiftId,
            c.req.valid('json'),
          ),
        },
        201,
      ),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/invitations/{id}/withdraw',
        summary: 'Withdraw a pending invitation',
        request: { params: invitationParams },
        responses: { 200: jsonAnswer(shiftInvitationsReply, "The shift's invitations") },
      },
      { errors: [409] },
    ),
    async (c) =>
      c.json(
        {
          invitations: await withdrawInvitation(
            c.var.services,
            c.var.actor.practiceId,
            c.req.valid('param').id,
          ),
        },
        200,
      ),
  );
