import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { genericErrors } from '@shared/messages';
import type { Logger } from './logger';
import { DomainError } from './services/domain-error';
import type { ServiceContext } from './services/context';
import type { AppEnv } from './routes/app-env';
import { recordClientAddress } from './auth/client-address-header';
import { identityRefusal } from './auth/identity-refusals';
import { publicCalendarRoutes } from './routes/calendar/calendar-feed-routes';
import { devJobsRoutes } from './routes/dev/jobs-routes';
import { devShiftClockRoutes } from './routes/dev/shift-clock-routes';
import { devMarketClockRoutes, type MarketDeliveries } from './routes/dev/market-clock-routes';
import { isMovableClock } from './clock';
import { mailboxRoutes } from './routes/dev/mailbox-routes';
import { benchBaselineRoutes } from './routes/bench/baseline-routes';
import { serverWaitsFor } from './routes/bench/server-waits';
import { unsubscribeRoutes } from './routes/notifications/unsubscribe-routes';
import { errorBody } from './routes/http';
import { bankLinkOrigins } from './bank-link/create-bank-link';
import { siteRoutes } from './routes/site-routes';
import { apiRoutes } from './routes/api-routes';
import { openApiRoutes } from './routes/openapi/openapi-routes';
import { checkDeclaredAnswers } from './routes/openapi/answer-check';
import { keptAnswersFor } from './services/kept-answers';
import { setAnswerHeader, varyOnEncoding } from './routes/answer-headers';
import { bodyFraming } from './routes/contract/body-framing';
import { isUploadPath } from './routes/professional/upload-body-limit';

export interface AppOptions {
  services: ServiceContext;
  /** Built web app (dist/client); pages answer 503 until it is built. */
  clientDir: string;
  /** Directory of saved e-mails, listed on the mailbox page outside production. */
  mailDir: string;
  trustedOrigins: string[];
  /** The delivery workers, for the development market step (outside production, movable clock). */
  deliveries: MarketDeliveries;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …", the cause): look down the chain.
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth += 1
  ) {
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001'].includes(
        e.code ?? '',
      ) ||
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable/i.test(
        String(e.message),
      )
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Text the database cannot store (a NUL character from a query string, say), under Drizzle's
 * wrapper: the caller's input, so a 400 rather than a 500.
 */
function isUnstorableText(error: unknown): boolean {
  for (
    let e = error as { code?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth += 1
  ) {
    if (e.code === '22021' || e.code === '22P05') return true;
  }
  return false;
}

export function errorResponse(c: Context, error: unknown, logger: Logger) {
  if (error instanceof DomainError) return c.json(errorBody(error), error.status);
  // The identity library's own refusals (a 4xx APIError from better-auth) are the caller's input.
  const refusal = identityRefusal(error);
  if (refusal) return c.json(errorBody(refusal), refusal.status);
  if (error instanceof HTTPException) {
    const status = error.status;
    // The declared routes' body checks: a body not sent as JSON, or JSON that does not parse.
    if (status === 415) {
      const body = {
        error: { code: 'unsupported_media_type', message: genericErrors.unsupportedMediaType },
      };
      return c.json(body, 415);
    }
    if (status === 400 && /malformed json/i.test(error.message)) {
      return c.json({ error: { code: 'invalid_json', message: genericErrors.badRequest } }, 400);
    }
    const message =
      status === 413
        ? genericErrors.bodyTooLarge
        : status < 500
          ? genericErrors.badRequest
          : genericErrors.internal;
    return c.json({ error: { code: `http_${status}`, message } }, status);
  }
  if (isUnstorableText(error)) {
    return c.json({ error: { code: 'bad_request', message: genericErrors.badRequest } }, 400);
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn('database unavailable', { path: c.req.path, error: String(error) });
    return c.json({ error: { code: 'unavailable', message: genericErrors.unavailable } }, 503);
  }
  logger.error('unhandled error', {
    path: c.req.path,
    requestId: c.get('requestId'),
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return c.json({ error: { code: 'internal', message: genericErrors.internal } }, 500);
}

/** Builds the HTTP application; `main.ts` listens, tests import it. */
export function createApp(options: AppOptions) {
  const { services } = options;
  const { logger, env } = services;
  const trusted = new Set(options.trustedOrigins);
  const app = new Hono<AppEnv>();
  // Plaid Link's script, frame and API calls; nothing extra for the local sandbox widget.
  const bankWidget = bankLinkOrigins(env);

  // The load benchmarks' view of where requests wait inside the server (routes/bench).
  const waits = env.benchRoutes ? serverWaitsFor(services.db) : undefined;

  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.set('services', services);
    if (waits && !c.req.path.startsWith('/api/bench/'))
      await waits.run(c.req.method, c.req.path, next);
    else await next();
    setAnswerHeader(c, 'X-Request-Id', requestId);
    // A refused oversized body was not read to its end: close the connection so no client
    // reuses a socket that still carries the rest of that body.
    if (c.res.status === 413) setAnswerHeader(c, 'Connection', 'close');
    const ms = performance.now() - started;
    logger.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(ms * 10) / 10,
    });
  });

  // Only API requests reach better-auth (sign-in, sign-up, password change): no page or asset.
  app.use('/api/*', recordClientAddress);

  // Security headers on every response (test/api/security-headers.test.ts checks each kind).
  // Scripts only from our own files (no inline script in any served page, decision 003), never
  // framed, no plugins or <base>; styles allow inline because the toast library injects its own.
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...bankWidget.cdn],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...bankWidget.cdn, ...bankWidget.api],
        frameSrc: ["'self'", ...bankWidget.cdn],
        // The service worker (public/sw.js) and the web app manifest: our own files only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(env.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
      strictTransportSecurity: env.isProduction ? 'max-age=63072000; includeSubDomains' : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  );
  app.use('*', compress());
  app.use('*', async (c, next) => {
    await next();
    varyOnEncoding(c);
  });

  const tooLarge = (c: Context) =>
    c.json({ error: { code: 'body_too_large', message: genericErrors.bodyTooLarge } }, 413);
  const jsonBodyLimit = bodyLimit({ maxSize: env.maxBodyBytes, onError: tooLarge });
  // File uploads have their own, larger limits (routes/professional/upload-body-limit.ts).
  // A declared length is compared here without reading the body: hono's bodyLimit reads
  // `c.req.raw.body`, which makes the Node adapter build a whole web Request for every request
  // (body-framing.ts); the body is then read straight from the socket. Only a body of
  // unannounced length (chunked) goes through bodyLimit, which counts it.
  app.use('/api/*', async (c, next) => {
    if (isUploadPath(c.req.path)) return next();
    const framing = bodyFraming(c);
    if (framing.kind === 'unannounced') return jsonBodyLimit(c, next);
    return framing.kind === 'declared' && framing.length > env.maxBodyBytes ? tooLarge(c) : next();
  });
  // An answer given before the body was read (signed out, not found) left the rest of a large
  // body on the kept-alive connection, which the Node adapter then closed, failing the client's
  // next request on it: read what is left before answering, when its declared length is within
  // the JSON limit (a larger or unannounced body, such as an upload, is left to close).
  app.use('/api/*', async (c, next) => {
    await next();
    const framing = bodyFraming(c);
    if (framing.kind !== 'declared' || !(framing.length <= env.maxBodyBytes)) return;
    if (c.res.status === 413) return;
    const request = c.req.raw;
    if (!request.bodyUsed && request.body) await request.arrayBuffer().catch(() => undefined);
  });

  // Cross-site request forgery: a state-changing request must come from one of our own pages.
  app.use('/api/*', async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const crossSite = origin
        ? !trusted.has(origin)
        : fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
      if (crossSite) {
        return c.json(
          { error: { code: 'forbidden_origin', message: genericErrors.forbidden } },
          403,
        );
      }
    }
    await next();
  });

  // After a state-changing request, the change is in every kept answer and kept session this
  // server gives (kept-answers.ts): its announcements are received before the response goes out
  // (a sign-out or a password reset refuses the old cookie from the very next request), and a
  // signed-in user's own answers are forgotten.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!UNSAFE_METHODS.has(c.req.method)) return;
    const kept = keptAnswersFor(services.db);
    const user = c.get('sessionUser');
    if (user) kept.forgetUser(user.id);
    if (c.res.status >= 400) return;
    const catchingUp = performance.now();
    await (waits ? waits.untimed(() => kept.catchUp(services.db)) : kept.catchUp(services.db));
    waits?.recordCatchUp(performance.now() - catchingUp);
  });

  // Tests check every answer against its declaration (routes/openapi/answer-check.ts).
  if (env.nodeEnv === 'test') app.use('/api/*', checkDeclaredAnswers(logger));
  app.route('/', apiRoutes);
  app.route('/api', openApiRoutes(env));
  if (env.benchRoutes) app.route('/api/bench', benchBaselineRoutes);
  if (!env.isProduction) app.route('/', mailboxRoutes(options.mailDir));
  if (!env.isProduction) {
    app.route('/', devJobsRoutes);
    app.route('/', devShiftClockRoutes);
    // Only when the clock may move (MARKET_CLOCK=movable): otherwise these answer 404.
    if (isMovableClock(services.clock)) {
      app.route('/', devMarketClockRoutes(services.clock, options.deliveries));
    }
  }
  app.all('/api/*', (c) =>
    c.json({ error: { code: 'not_found', message: genericErrors.notFound } }, 404),
  );
  app.route('/', publicCalendarRoutes);
  app.route('/', unsubscribeRoutes);
  app.route(
    '/',
    siteRoutes(options.clientDir, (request, bindings) => app.fetch(request, bindings)),
  );

  app.onError((error, c) => errorResponse(c, error, logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
