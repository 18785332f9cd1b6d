import { z } from 'zod';
import {
  professionalStatuses,
  screeningMessages,
  verificationDecisionSchema,
} from '@shared/screening';
import { decisionResultReply, screeningListReply } from '@shared/screening-replies';
import { decideVerification } from '../../services/screening/decide-verification';
import { listProfessionalsForScreening } from '../../services/screening/list-professionals-for-screening';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';

const { router, route } = declareRoutes('admin');

/** /api/admin: the platform staff's screening console. */
export const adminRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/professionals',
      summary: 'Professionals of one verification status (?status=pending by default), with counts',
      request: { query: z.object({ status: z.enum(professionalStatuses).default('pending') }) },
      responses: { 200: jsonAnswer(screeningListReply, 'The professionals') },
    }),
    async (c) =>
      c.json(await listProfessionalsForScreening(c.var.services, c.req.valid('query').status), 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/professionals/{id}/decisions',
        summary: 'Verify, reject (reason), suspend (reason) or reinstate a professional',
        request: {
          params: z.object({ id: idParam(screeningMessages.professionalNotFound) }),
          body: jsonBody(verificationDecisionSchema),
        },
        responses: { 201: jsonAnswer(decisionResultReply, 'The decision') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await decideVerification(c.var.services, c.var.actor.id, id, input), 201);
    },
  );
