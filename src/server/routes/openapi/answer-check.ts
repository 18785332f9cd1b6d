import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Logger } from '../../logger';
import { apiRoutes } from '../api-routes';

interface DeclaredAnswers {
  method: string;
  pattern: RegExp;
  /** Status → the declared JSON schema of that answer. */
  schemas: Map<number, z.ZodType>;
}

let declared: DeclaredAnswers[] | undefined;

/** Every declared route with the zod schemas of its JSON answers, from the declarations. */
function declaredAnswers(): DeclaredAnswers[] {
  declared ??= apiRoutes.openAPIRegistry.definitions.flatMap((definition) => {
    if (definition.type !== 'route') return [];
    const { method, path, responses } = definition.route;
    const pattern = new RegExp(`^/api${path.replace(/\{\w+\}/g, '[^/]+').replace(/\/$/, '')}/?$`);
    const schemas = new Map<number, z.ZodType>();
    for (const [status, answer] of Object.entries(responses)) {
      const schema = (answer as { content?: Record<string, { schema?: unknown }> }).content?.[
        'application/json'
      ]?.schema;
      if (schema && typeof (schema as z.ZodType).safeParse === 'function') {
        schemas.set(Number(status), schema as z.ZodType);
      }
    }
    return [{ method: method.toUpperCase(), pattern, schemas }];
  });
  return declared;
}

/**
 * Tests only (NODE_ENV=test, never in production): every successful JSON answer of a declared
 * route, the kept answers PostgreSQL writes as text included, is parsed with the schema the
 * route declares for it; an answer that does not match becomes a 500 naming the route and the
 * first difference, so a test that makes the request fails.
 */
export function checkDeclaredAnswers(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status < 200 || status >= 300) return;
    if (!/application\/json/.test(c.res.headers.get('content-type') ?? '')) return;
    const route = declaredAnswers().find(
      (candidate) => candidate.method === c.req.method && candidate.pattern.test(c.req.path),
    );
    const schema = route?.schemas.get(status);
    if (!schema) return;
    const parsed = schema.safeParse(await c.res.clone().json());
    if (parsed.success) return;
    const issue = parsed.error.issues[0]!;
    const message = `${c.req.method} ${c.req.path} answered ${status} with a body its declaration does not describe: ${issue.path.join('.')}: ${issue.message}`;
    logger.error('answer does not match its declaration', { message });
    c.res = new Response(JSON.stringify({ error: { code: 'answer_mismatch', message } }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    });
  };
}
