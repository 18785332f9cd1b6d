import { z } from 'zod';
import { blockListReply, blockMessages } from '@shared/trust/blocks';
import { ensureProfessional } from '../../services/professional/ensure-professional';
import {
  listProfessionalBlocks,
  professionalBlocksPractice,
  professionalUnblocksPractice,
} from '../../services/trust/blocks';
import { declareRoutes, emptyAnswer, idParam, jsonAnswer } from '../contract/declare-routes';

const { router, route } = declareRoutes('professional');

const practiceId = z.object({ id: idParam(blockMessages.practiceNotFound) });

/** The professional's blocks of practices (mounted at /api/professional). */
export const professionalTrustRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/blocks',
      summary: 'The practices this professional blocked, newest first',
      responses: { 200: jsonAnswer(blockListReply, 'The blocked practices') },
    }),
    async (c) => {
      const me = await ensureProfessional(c.var.services, c.var.actor);
      return c.json(await listProfessionalBlocks(c.var.services, me.id), 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/blocks/{id}',
      summary: 'Block a practice: its shifts are never shown or told (again: no change)',
      request: { params: practiceId },
      responses: { 204: emptyAnswer('Blocked') },
    }),
    async (c) => {
      const me = await ensureProfessional(c.var.services, c.var.actor);
      await professionalBlocksPractice(c.var.services, me.id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/blocks/{id}',
      summary: 'Unblock a practice (not blocked: no change)',
      request: { params: practiceId },
      responses: { 204: emptyAnswer('Unblocked') },
    }),
    async (c) => {
      const me = await ensureProfessional(c.var.services, c.var.actor);
      await professionalUnblocksPractice(c.var.services, me.id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
