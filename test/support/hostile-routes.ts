import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import type { ServiceContext } from '../../src/server/services/context';
import { isUploadPath } from '../../src/server/routes/professional/upload-body-limit';

export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono's pattern, e.g. /api/practice/shifts/:id */
  path: string;
  /** Names of the path parameters, in order. */
  params: string[];
}

const FUZZED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The API's own list of routes (Hono `app.routes` of an app built like the test server's), so a
 * new endpoint is fuzzed without a change here. Left out: catch-alls (middleware and the 404),
 * the multipart upload routes (test/api/hostile-uploads.test.ts) and pages outside /api.
 */
export function apiRoutesToFuzz(): FuzzRoute[] {
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'chairfill-routes-')),
    BETTER_AUTH_SECRET: 'route-list-secret-route-list-secret-0123',
    LOG_LEVEL: 'silent',
  });
  // Building the app only registers routes; no service is called until a request comes in.
  const services = { env, logger: createLogger('silent') } as unknown as ServiceContext;
  const app = createApp({
    services,
    clientDir: env.dataDir,
    mailDir: env.dataDir,
    trustedOrigins: [],
  });
  const seen = new Set<string>();
  const routes: FuzzRoute[] = [];
  for (const route of app.routes) {
    if (!FUZZED_METHODS.has(route.method)) continue;
    if (!route.path.startsWith('/api/') || route.path.includes('*')) continue;
    if (isUploadPath(route.path)) continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({
      method: route.method as FuzzRoute['method'],
      path: route.path,
      params: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
    });
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
