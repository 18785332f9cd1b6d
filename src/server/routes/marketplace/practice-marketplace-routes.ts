import { z } from 'zod';
import {
  applicantReply,
  practiceBookingReply,
  ratingReply,
} from '@shared/marketplace/booking-replies';
import { bookingMessages } from '@shared/marketplace/bookings';
import { ratingSchema } from '@shared/marketplace/ratings';
import { acceptApplication } from '../../services/marketplace/accept-application';
import { declineApplication } from '../../services/marketplace/decline-application';
import { listApplicants } from '../../services/marketplace/list-applicants';
import { rateAsPractice } from '../../services/marketplace/rate-booking';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';

const { router, route } = declareRoutes('practice');

const shiftParams = z.object({ shiftId: idParam(bookingMessages.shiftNotFound) });
const applicationParams = z.object({ id: idParam(bookingMessages.applicationNotFound) });

/**
 * Applicants, accepting, declining and rating, the practice's side (mounted at /api/practice;
 * the cancel route lives with the other shift routes). Another practice's shift or application
 * is a 404.
 */
export const practiceMarketplaceRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/shifts/{shiftId}/applicants',
      summary: "A shift's applicants",
      request: { params: shiftParams },
      responses: {
        200: jsonAnswer(z.object({ applicants: z.array(applicantReply) }), 'The applicants'),
      },
    }),
    async (c) => {
      const { shiftId } = c.req.valid('param');
      const applicants = await listApplicants(c.var.services, c.var.actor.practiceId, shiftId);
      return c.json({ applicants }, 200);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/applications/{id}/accept',
        summary: 'Accept an application: the applicant is booked',
        request: { params: applicationParams },
        responses: { 200: jsonAnswer(practiceBookingReply, 'The booking') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await acceptApplication(c.var.services, c.var.actor.practiceId, id), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/applications/{id}/decline',
        summary: 'Decline an application',
        request: { params: applicationParams },
        responses: { 200: jsonAnswer(applicantReply, 'The declined applicant') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await declineApplication(c.var.services, c.var.actor.practiceId, id), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/shifts/{shiftId}/rating',
        summary: 'Rate the professional who worked a completed shift',
        request: { params: shiftParams, body: jsonBody(ratingSchema) },
        responses: { 201: jsonAnswer(ratingReply, 'The rating') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { shiftId } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(
        await rateAsPractice(c.var.services, c.var.actor.practiceId, shiftId, input),
        201,
      );
    },
  );
