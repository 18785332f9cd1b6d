import { reliabilityReply } from '@shared/trust/reliability';
import { ownReliability } from '../../services/trust/professional-reliability';
import { declareRoutes, jsonAnswer } from '../contract/declare-routes';

const { router, route } = declareRoutes('professional');

/** The professional's own reliability (mounted at /api/professional; no id: only the caller's). */
export const professionalReliabilityRoutes = router().openapi(
  route({
    method: 'get',
    path: '/reliability',
    summary:
      "The caller's reliability: completed shifts, late cancellations and no-shows over the last 12 months, and the score",
    responses: { 200: jsonAnswer(reliabilityReply, 'The reliability') },
  }),
  async (c) => c.json(await ownReliability(c.var.services, c.var.actor), 200),
);
