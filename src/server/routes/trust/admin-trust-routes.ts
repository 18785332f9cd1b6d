import { z } from 'zod';
import { bookingOverlapListReply } from '@shared/marketplace/booking-overlaps';
import { adminBlockListReply } from '@shared/trust/blocks';
import {
  practiceReviewDecisionSchema,
  practiceReviewListReply,
  practiceReviewMessages,
  practiceReviewResultReply,
  practiceReviewStatuses,
} from '@shared/trust/practice-review';
import { listBookingOverlaps } from '../../services/marketplace/list-booking-overlaps';
import { listAllBlocks } from '../../services/trust/blocks';
import { decidePracticeReview, listPracticesForReview } from '../../services/trust/practice-review';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';

const { router, route } = declareRoutes('admin');

/**
 * /api/admin: the review of practices, the blocks between both sides and the overlapping
 * bookings of one professional.
 */
export const adminTrustRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/practices',
      summary: 'Practices of one review status (?status=pending by default), with counts',
      request: { query: z.object({ status: z.enum(practiceReviewStatuses).default('pending') }) },
      responses: { 200: jsonAnswer(practiceReviewListReply, 'The practices') },
    }),
    async (c) =>
      c.json(await listPracticesForReview(c.var.services, c.req.valid('query').status), 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/practices/{id}/decisions',
        summary: 'Verify or reject (reason) a practice',
        request: {
          params: z.object({ id: idParam(practiceReviewMessages.practiceNotFound) }),
          body: jsonBody(practiceReviewDecisionSchema),
        },
        responses: { 201: jsonAnswer(practiceReviewResultReply, 'The decision') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await decidePracticeReview(c.var.services, c.var.actor.id, id, c.req.valid('json')),
        201,
      );
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/blocks',
      summary: 'Every block between a practice and a professional, newest first',
      responses: { 200: jsonAnswer(adminBlockListReply, 'The blocks') },
    }),
    async (c) => c.json(await listAllBlocks(c.var.services), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/overlapping-bookings',
      summary:
        "Pairs of one professional's live bookings whose shifts overlap in time, newest first",
      responses: { 200: jsonAnswer(bookingOverlapListReply, 'The overlapping bookings') },
    }),
    async (c) => c.json(await listBookingOverlaps(c.var.services), 200),
  );
