import { z } from 'zod';
import {
  myApplicationReply,
  professionalBookingReply,
  ratingReply,
} from '@shared/marketplace/booking-replies';
import { applySchema, bookingMessages, cancelBookingSchema } from '@shared/marketplace/bookings';
import { ratingSchema } from '@shared/marketplace/ratings';
import { applyForShift } from '../../services/marketplace/apply-for-shift';
import { bookShift } from '../../services/marketplace/book-shift';
import { cancelBooking } from '../../services/marketplace/cancel-booking';
import { listMyApplications } from '../../services/marketplace/list-my-applications';
import { listMyBookings } from '../../services/marketplace/list-my-bookings';
import { rateAsProfessional } from '../../services/marketplace/rate-booking';
import { withdrawApplication } from '../../services/marketplace/withdraw-application';
import {
  declareRoutes,
  idParam,
  jsonAnswer,
  jsonBody,
  optionalJsonBody,
} from '../contract/declare-routes';

const { router, route } = declareRoutes('professional');

const shiftParams = z.object({ shiftId: idParam(bookingMessages.shiftNotFound) });
const applicationParams = z.object({ id: idParam(bookingMessages.applicationNotFound) });
const bookingParams = z.object({ id: idParam(bookingMessages.bookingNotFound) });

/**
 * Applying and booking, the professional's side (mounted at /api/professional). Every id in a
 * path must be one of the caller's own rows (else 404); applying and booking need a verified
 * account.
 */
export const professionalMarketplaceRoutes = router()
  .openapi(
    route(
      {
        method: 'post',
        path: '/shifts/{shiftId}/apply',
        summary: "Apply for a 'Review applicants' shift ({ note } optional)",
        request: { params: shiftParams, body: optionalJsonBody(applySchema) },
        responses: { 201: jsonAnswer(myApplicationReply, 'The application') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { shiftId } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await applyForShift(c.var.services, c.var.actor, shiftId, input), 201);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/shifts/{shiftId}/book',
        summary: 'Book an instant-book shift',
        request: { params: shiftParams },
        responses: { 201: jsonAnswer(professionalBookingReply, 'The booking') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { shiftId } = c.req.valid('param');
      return c.json(await bookShift(c.var.services, c.var.actor, shiftId), 201);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/applications',
      summary: "The professional's applications, newest first",
      responses: {
        200: jsonAnswer(
          z.object({ applications: z.array(myApplicationReply) }),
          'The applications',
        ),
      },
    }),
    async (c) =>
      c.json({ applications: await listMyApplications(c.var.services, c.var.actor) }, 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/applications/{id}/withdraw',
        summary: 'Withdraw a pending application',
        request: { params: applicationParams },
        responses: { 200: jsonAnswer(myApplicationReply, 'The withdrawn application') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await withdrawApplication(c.var.services, c.var.actor, id), 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/bookings',
      summary: "The professional's bookings",
      responses: {
        200: jsonAnswer(z.object({ bookings: z.array(professionalBookingReply) }), 'The bookings'),
      },
    }),
    async (c) => c.json({ bookings: await listMyBookings(c.var.services, c.var.actor) }, 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/bookings/{id}/cancel',
        summary: 'Cancel a confirmed upcoming booking, with a reason',
        request: { params: bookingParams, body: jsonBody(cancelBookingSchema) },
        responses: { 200: jsonAnswer(professionalBookingReply, 'The cancelled booking') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      return c.json(await cancelBooking(c.var.services, c.var.actor, id, reason), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/bookings/{id}/rating',
        summary: 'Rate the practice of a completed booking',
        request: { params: bookingParams, body: jsonBody(ratingSchema) },
        responses: { 201: jsonAnswer(ratingReply, 'The rating') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await rateAsProfessional(c.var.services, c.var.actor, id, input), 201);
    },
  );
