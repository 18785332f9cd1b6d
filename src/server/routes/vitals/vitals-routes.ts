import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { genericErrors } from '@shared/messages';
import { MAX_REPORT_BYTES, webVitalsMessages, webVitalsReportSchema } from '@shared/web-vitals';
import { consumeRateLimit } from '../../services/rate-limit/consume-rate-limit';
import { DomainError } from '../../services/domain-error';
import { recordWebVitals } from '../../services/vitals/record-web-vitals';
import { declareRoutes, emptyAnswer } from '../contract/declare-routes';
import { readJson } from '../http';
import { addressKey, rateLimitRules } from '../rate-limits';
import { loadSessionUser } from '../session';

const { router, route } = declareRoutes('signedOut');

/**
 * The report as a plain JSON Schema, under both media types: navigator.sendBeacon sends it as
 * text/plain (decision record 015), which no declared validator reads, so the route reads the
 * body itself with the same zod schema (readJson accepting text/plain).
 */
const reportSchema = z.toJSONSchema(webVitalsReportSchema, { io: 'input' }) as Record<
  string,
  unknown
>;

/**
 * /api/vitals: Core Web Vitals from visitors' browsers (sendBeacon when a page is hidden or
 * left). No sign-in: visitors count before they sign in too. Small bodies only, counted per
 * account when signed in and per client address otherwise, strictly validated; 204 when stored.
 */
export const vitalsRoutes = router().openapi(
  route(
    {
      method: 'post',
      path: '/',
      summary: "A page's Core Web Vitals (sent as JSON, or as text/plain by sendBeacon)",
      request: {
        body: {
          required: true,
          content: {
            'application/json': { schema: reportSchema },
            'text/plain': { schema: reportSchema },
          },
        },
      },
      responses: { 204: emptyAnswer('Stored') },
    },
    {
      errors: [429],
      after: [
        bodyLimit({
          maxSize: MAX_REPORT_BYTES,
          onError: (c) =>
            c.json({ error: { code: 'body_too_large', message: genericErrors.bodyTooLarge } }, 413),
        }),
      ],
    },
  ),
  async (c) => {
    // A signed-in visitor's reports count against their account, so a busy office sharing one
    // address is not limited by its neighbours' pages; visitors not signed in count by address.
    const visitor = await loadSessionUser(c);
    const allowed = await consumeRateLimit(
      c.var.services.db,
      visitor ? `web-vitals:user:${visitor.id}` : addressKey(c, 'web-vitals'),
      rateLimitRules.webVitalsPerAddress,
    );
    if (!allowed) throw new DomainError(429, 'too_many_requests', webVitalsMessages.tooManyReports);
    const report = await readJson(c, webVitalsReportSchema, { acceptPlainText: true });
    await recordWebVitals(c.var.services, report);
    return c.body(null, 204);
  },
);
