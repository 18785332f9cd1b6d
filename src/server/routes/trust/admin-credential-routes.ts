import { z } from 'zod';
import {
  credentialDecisionResultReply,
  credentialDecisionSchema,
  credentialReviewListReply,
  credentialStatuses,
  credentialTexts,
} from '@shared/trust/credentials';
import { decideCredential, listCredentialsForReview } from '../../services/trust/credential-review';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';

const { router, route } = declareRoutes('admin');

/** /api/admin/credentials: staff check professionals' credentials. */
export const adminCredentialRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/credentials',
      summary: 'Credentials of one status (?status=pending by default), with counts',
      request: { query: z.object({ status: z.enum(credentialStatuses).default('pending') }) },
      responses: { 200: jsonAnswer(credentialReviewListReply, 'The credentials') },
    }),
    async (c) =>
      c.json(await listCredentialsForReview(c.var.services, c.req.valid('query').status), 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/credentials/{id}/decisions',
        summary: 'Verify or reject (reason) a credential',
        request: {
          params: z.object({ id: idParam(credentialTexts.notFound) }),
          body: jsonBody(credentialDecisionSchema),
        },
        responses: { 201: jsonAnswer(credentialDecisionResultReply, 'The decision') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await decideCredential(c.var.services, c.var.actor.id, id, c.req.valid('json')),
        201,
      );
    },
  );
