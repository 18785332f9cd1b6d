import { z } from 'zod';
import { professionalBookingReply } from '@shared/marketplace/booking-replies';
import { invitationTexts, myInvitationsReply } from '@shared/trust/favourites';
import {
  acceptInvitation,
  declineInvitation,
  listMyInvitations,
} from '../../services/trust/invitations';
import { declareRoutes, idParam, jsonAnswer } from '../contract/declare-routes';

const { router, route } = declareRoutes('professional');

const invitationParams = z.object({ id: idParam(invitationTexts.notFound) });

/** A professional's invitations to shifts (mounted at /api/professional; decision record 022). */
export const professionalInvitationRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/invitations',
      summary: 'Its invitations: pending, and those answered in the last two weeks',
      responses: { 200: jsonAnswer(myInvitationsReply, 'The invitations') },
    }),
    async (c) => c.json({ invitations: await listMyInvitations(c.var.services, c.var.actor) }, 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/invitations/{id}/accept',
        summary: 'Accept an invitation: booked on the shift at once',
        request: { params: invitationParams },
        responses: { 201: jsonAnswer(professionalBookingReply, 'The booking') },
      },
      { errors: [409] },
    ),
    async (c) =>
      c.json(await acceptInvitation(c.var.services, c.var.actor, c.req.valid('param').id), 201),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/invitations/{id}/decline',
        summary: 'Decline an invitation (the practice is told)',
        request: { params: invitationParams },
        responses: { 200: jsonAnswer(myInvitationsReply, 'The invitations') },
      },
      { errors: [409] },
    ),
    async (c) =>
      c.json(
        {
          invitations: await declineInvitation(
            c.var.services,
            c.var.actor,
            c.req.valid('param').id,
          ),
        },
        200,
      ),
  );
