import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { genericErrors } from '@shared/messages';
import { MAX_REPORT_BYTES, webVitalsMessages, webVitalsReportSchema } from '@shared/web-vitals';
import { consumeRateLimit } from '../../services/rate-limit/consume-rate-limit';
import { DomainError } from '../../services/domain-error';
import { recordWebVitals } from '../../services/vitals/record-web-vitals';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';
import { addressKey, rateLimitRules } from '../rate-limits';

/**
 * /api/vitals: Core Web Vitals from visitors' browsers (sendBeacon when a page is hidden or
 * left). No sign-in: visitors count before they sign in too. Small bodies only, counted per
 * client address, strictly validated; 204 when stored.
 */
export const vitalsRoutes = new Hono<AppEnv>().post(
  '/',
  bodyLimit({
    maxSize: MAX_REPORT_BYTES,
    onError: (c) =>
      c.json({ error: { code: 'body_too_large', message: genericErrors.bodyTooLarge } }, 413),
  }),
  async (c) => {
    const allowed = await consumeRateLimit(
      c.get('services').db,
      addressKey(c, 'web-vitals'),
      rateLimitRules.webVitalsPerAddress,
    );
    if (!allowed) throw new DomainError(429, 'too_many_requests', webVitalsMessages.tooManyReports);
    // navigator.sendBeacon sends the report as text/plain (src/web/lib/report-web-vitals.ts).
    const report = await readJson(c, webVitalsReportSchema, { acceptPlainText: true });
    await recordWebVitals(c.get('services'), report);
    return c.body(null, 204);
  },
);
