import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Logger } from '../../logger';
import { apiRoutes } from '../api-routes';

interface DeclaredAnswers {
  method: string;
  pattern: RegExp;
  /** Status → the declared JSON schema of that answer. */
  schemas: Map<number, z.ZodType>;
  /** Every status the declaration lists. */
  statuses: Set<number>;
  /** Path parameters: a route without them is preferred when both match a path. */
  parameterCount: number;
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
    return [
      {
        method: method.toUpperCase(),
        pattern,
        schemas,
        statuses: new Set(Object.keys(responses).map(Number)),
        parameterCount: path.split('{').length - 1,
      },
    ];
  });
  declared.sort((a, b) => a.parameterCount - b.parameterCount);
  return declared;
}

/**
 * Tests only (NODE_ENV=test, never in production): every refusal of a declared route must be one
 * its declaration lists, and every JSON answer, the kept answers PostgreSQL writes as text
 * included, is parsed with the schema declared for its status (the error schema for refusals);
 * an answer that does not match becomes a 500 naming the route and the difference, so a test
 * that makes the request fails.
 */
export function checkDeclaredAnswers(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    const route = declaredAnswers().find(
      (candidate) => candidate.method === c.req.method && candidate.pattern.test(c.req.path),
    );
    if (!route || status >= 500) return;
    let difference: string | null = null;
    if (status >= 400 && !route.statuses.has(status)) {
      difference = `${status}, a status its declaration does not list`;
    } else if (/application\/json/.test(c.res.headers.get('content-type') ?? '')) {
      const schema = route.schemas.get(status);
      const parsed = schema?.safeParse(await c.res.clone().json());
      if (parsed && !parsed.success) {
        const issue = parsed.error.issues[0]!;
        difference = `${status} with a body its declaration does not describe: ${issue.path.join('.')}: ${issue.message}`;
      }
    }
    if (difference === null) return;
    const message = `${c.req.method} ${c.req.path} answered ${difference}`;
    logger.error('answer does not match its declaration', { message });
    c.res = new Response(JSON.stringify({ error: { code: 'answer_mismatch', message } }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    });
  };
}
