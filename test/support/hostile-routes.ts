import { openApiDocument } from '../../src/server/routes/openapi/openapi-document';
import { isUploadPath } from '../../src/server/routes/professional/upload-body-limit';

export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono's pattern, e.g. /api/practice/shifts/:id */
  path: string;
  /** Names of the path parameters, in order. */
  params: string[];
  /** The route declares a JSON body that must be sent. */
  bodyRequired: boolean;
}

/**
 * The API's routes as the contract declares them (the OpenAPI document built from the route
 * declarations, src/server/routes/api-routes.ts), so a new endpoint is fuzzed without a change
 * here. Left out: the multipart upload routes (test/api/hostile-uploads.test.ts).
 */
export function apiRoutesToFuzz(): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [documentPath, item] of Object.entries(openApiDocument().paths ?? {})) {
    const path = documentPath.replace(/\{(\w+)\}/g, ':$1');
    if (isUploadPath(path)) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const body = operation.requestBody as
        { required?: boolean; content?: Record<string, unknown> } | undefined;
      routes.push({
        method: method.toUpperCase() as FuzzRoute['method'],
        path,
        params: [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        bodyRequired: body?.required === true && 'application/json' in (body.content ?? {}),
      });
    }
  }
  return routes;
}

export type CallerKind = 'signedOut' | 'practice' | 'otherPractice' | 'professional' | 'admin';

/** Who normally calls a route, judged by its prefix; others are tried too, less often. */
export function usualCallers(routePath: string): CallerKind[] {
  if (routePath.startsWith('/api/practice') || routePath === '/api/exchange-plaid-token') {
    return ['practice'];
  }
  if (routePath.startsWith('/api/professional')) return ['professional'];
  if (routePath.startsWith('/api/admin')) return ['admin'];
  if (/^\/api\/(signup|login|password-reset|vitals)\b/.test(routePath)) return ['signedOut'];
  return ['practice', 'professional'];
}
