import { z } from 'zod';
import { blockListReply, blockMessages } from '@shared/trust/blocks';
import { practiceReviewStateReply } from '@shared/trust/practice-review';
import {
  listPracticeBlocks,
  practiceBlocksProfessional,
  practiceUnblocksProfessional,
} from '../../services/trust/blocks';
import { practiceReviewState } from '../../services/trust/practice-review';
import { declareRoutes, emptyAnswer, idParam, jsonAnswer } from '../contract/declare-routes';

const { router, route } = declareRoutes('practice');

const professionalId = z.object({ id: idParam(blockMessages.professionalNotFound) });

/** The practice's review by ChairFill and its blocks (mounted at /api/practice). */
export const practiceTrustRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/review',
      summary:
        "The practice's review by ChairFill: pending, verified or rejected (with the reason)",
      responses: { 200: jsonAnswer(practiceReviewStateReply, 'The review state') },
    }),
    async (c) => c.json(await practiceReviewState(c.var.services, c.var.actor.practiceId), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/blocks',
      summary: 'The professionals this practice blocked, newest first',
      responses: { 200: jsonAnswer(blockListReply, 'The blocked professionals') },
    }),
    async (c) => c.json(await listPracticeBlocks(c.var.services, c.var.actor.practiceId), 200),
  )
  .openapi(
    route({
      method: 'put',
      path: '/blocks/{id}',
      summary:
        'Block a professional who applied for or was booked on one of its shifts (again: no change)',
      request: { params: professionalId },
      responses: { 204: emptyAnswer('Blocked') },
    }),
    async (c) => {
      await practiceBlocksProfessional(
        c.var.services,
        c.var.actor.practiceId,
        c.req.valid('param').id,
      );
      return c.body(null, 204);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/blocks/{id}',
      summary: 'Unblock a professional (not blocked: no change)',
      request: { params: professionalId },
      responses: { 204: emptyAnswer('Unblocked') },
    }),
    async (c) => {
      await practiceUnblocksProfessional(
        c.var.services,
        c.var.actor.practiceId,
        c.req.valid('param').id,
      );
      return c.body(null, 204);
    },
  );
