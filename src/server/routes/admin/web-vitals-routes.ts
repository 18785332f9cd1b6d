import { webVitalsSummaryReply } from '@shared/web-vitals-replies';
import { summarizeWebVitals } from '../../services/vitals/summarize-web-vitals';
import { declareRoutes, jsonAnswer } from '../contract/declare-routes';

const { router, route } = declareRoutes('admin');

/** /api/admin/web-vitals: what real visitors get, per route, for platform staff. */
export const adminWebVitalsRoutes = router().openapi(
  route({
    method: 'get',
    path: '/',
    summary: '75th percentile and samples per route and metric, last 7 days',
    responses: { 200: jsonAnswer(webVitalsSummaryReply, 'The summary') },
  }),
  async (c) => c.json(await summarizeWebVitals(c.var.services), 200),
);
