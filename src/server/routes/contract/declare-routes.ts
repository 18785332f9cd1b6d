import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { apiErrorBodySchema } from '@shared/api-error';
import type { Audience, AudienceEnv } from './actors';
import { audienceGuard } from './audience-guards';
import { checkJsonBody } from './check-json-body';
import { validationHook, type ValidationHookOptions } from './validation-hook';

/** How a signed-in request proves who it is: the session cookie (OpenAPI security scheme). */
export const SESSION_SECURITY_SCHEME = 'sessionCookie';

/** A JSON answer of the contract: its schema and what it means. */
export function jsonAnswer<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/**
 * A JSON request body of the contract, which must be sent (a request without one is a 400, never
 * read as `{}`); a route that takes no body declares none.
 */
export function jsonBody<S extends z.ZodType>(schema: S, description?: string) {
  return {
    required: true,
    ...(description ? { description } : {}),
    content: { 'application/json': { schema } },
  } as const;
}

/**
 * A JSON request body whose fields are all optional: a request may also come without any body
 * (read as `{}`, so the schema's defaults apply), and the document says it is not required.
 */
export function optionalJsonBody<S extends z.ZodType>(schema: S, description?: string) {
  return {
    required: false,
    description: `${description ? `${description} ` : ''}May be left out entirely (no body): every field is optional.`,
    content: { 'application/json': { schema } },
  } as const;
}

/** An answer without a body (204 and the like). */
export function emptyAnswer(description: string) {
  return { description } as const;
}

const errorAnswerDescriptions = {
  400: 'The input was refused: the first message per field, and the first one overall.',
  401: 'Signed out: sign in first.',
  403: 'Signed in with an account of another kind, or a refused origin.',
  404: 'Nothing of the caller with this id (or the path does not exist).',
  409: 'The request conflicts with the current state (the message says what changed).',
  413: 'The body is larger than the limit.',
  415: 'The body was not sent as JSON.',
  429: 'Too many attempts: try again later.',
  500: 'Something went wrong on our side.',
  503: 'The service is unavailable for a moment.',
} as const;

type ErrorStatus = keyof typeof errorAnswerDescriptions;

export interface RouteOptions {
  errors?: readonly ErrorStatus[];
  after?: MiddlewareHandler[];
}

const errorExample = { error: { code: 'validation_failed', message: 'This field is required' } };

function errorAnswer(status: ErrorStatus) {
  return {
    description: errorAnswerDescriptions[status],
    content: { 'application/json': { schema: apiErrorBodySchema, example: errorExample } },
  };
}

/** The error answers a route can give, from what it declares and who may call it. */
function errorAnswersFor(
  audience: Audience,
  config: RouteConfig,
  also: readonly ErrorStatus[],
): Partial<Record<ErrorStatus, ReturnType<typeof errorAnswer>>> {
  const statuses = new Set<ErrorStatus>([500, 503, ...also]);
  const request = config.request ?? {};
  if (request.body) for (const status of [400, 413, 415] as const) statuses.add(status);
  if (request.query) statuses.add(400);
  if (request.params || audience === 'practice') statuses.add(404);
  if (audience !== 'signedOut') {
    statuses.add(401);
    statuses.add(403);
  } else if (config.method !== 'get') {
    statuses.add(403); // a state-changing request from another site's page
  }
  return Object.fromEntries([...statuses].sort().map((status) => [status, errorAnswer(status)]));
}

/**
 * The routes of one audience (signed out, any account, bell owners, practice, professional,
 * admin): `router()` makes a router whose failed validation answers as every route does (with
 * a form's `overallMessages`, if given), and
 * `route(config)` declares an endpoint with its schemas; each declared route checks the session
 * and the kind of account first, sets `actor`, and is never stored by a cache. The declaration
 * is the OpenAPI document's entry and the web client's type.
 */
export function declareRoutes<A extends Audience>(
  audience: A,
  validation: ValidationHookOptions = {},
) {
  const guard = audienceGuard(audience);
  const security = audience === 'signedOut' ? [] : [{ [SESSION_SECURITY_SCHEME]: [] }];
  const tag = audienceTags[audience];
  return {
    router: () =>
      new OpenAPIHono<AudienceEnv<A>>({
        defaultHook: validationHook<AudienceEnv<A>>(validation),
      }),
    /**
     * `options.errors`: the refusals of its rules the route may answer besides those that follow
     * from its declaration (409 when the state changed, 429 under a rate limit); `options.after`:
     * middleware of this route alone, run once the caller is known (an upload's own body limit).
     */
    route: <const R extends Omit<RouteConfig, 'middleware' | 'security'>>(
      config: R,
      options: RouteOptions = {},
    ) => {
      const body = config.request?.body;
      const bodyCheck = body ? [checkJsonBody({ required: body.required === true })] : [];
      return createRoute({
        tags: [tag],
        ...config,
        // Who may call it, for the tests that read the document (authorization matrix).
        'x-audience': audience,
        security,
        // A declared JSON body is read once and checked (an object, no NUL) before its fields are.
        middleware: [guard, ...bodyCheck, ...(options.after ?? [])] as [
          MiddlewareHandler<AudienceEnv<A>>,
          ...MiddlewareHandler<AudienceEnv<A>>[],
        ],
        responses: {
          ...errorAnswersFor(audience, config as RouteConfig, options.errors ?? []),
          ...config.responses,
        },
      });
    },
  };
}

const audienceTags: Record<Audience, string> = {
  signedOut: 'Public and accounts',
  account: 'Signed-in account',
  bellOwner: 'Notices and calendar',
  practice: 'Practice',
  professional: 'Professional',
  admin: 'Admin',
};

/** A path id: anything that is not a UUID cannot be one of ours, so 404 with `notFound`. */
export function idParam(notFound: string) {
  return z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, notFound)
    .transform((id) => id.toLowerCase())
    .meta({ description: 'A UUID', example: '3f2b8c1e-5d4a-4f7e-9b6c-2a1d0e9f8c7b' });
}
