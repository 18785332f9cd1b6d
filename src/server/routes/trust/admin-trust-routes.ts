import { z } from 'zod';
import { adminBlockListReply } from '@shared/trust/blocks';
import {
  practiceReviewDecisionSchema,
  practiceReviewListReply,
  practiceReviewMessages,
  practiceReviewResultReply,
  practiceReviewStatuses,
} from '@shared/trust/practice-review';
import { listAllBlocks } from '../../services/trust/blocks';
import { decidePracticeReview, listPracticesForReview } from '../../services/trust/practice-review';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';

const { router, route } = declareRoutes('admin');

/** /api/admin: the review of practices and the blocks between both sides. */
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
  );
