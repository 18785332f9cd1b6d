import type { Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';

/** One endpoint the server answers: its method (`ALL` for any) and its path pattern. */
export interface ServerRoute {
  method: string;
  path: string;
}

/** `GET /api/practice/shifts/:id`: how a route is named in lists and messages. */
export function routeKey(route: ServerRoute): string {
  return `${route.method} ${route.path}`;
}

/**
 * Every endpoint an app built by `createApp` answers, once each, in the order they were mounted.
 * Middleware registered with `use` (headers, body limits, sign-in checks) is not an endpoint; a
 * method and path count as one when at least one of their handlers is a final handler.
 */
export function listServerRoutes(app: Pick<Hono, 'routes'>): ServerRoute[] {
  const seen = new Map<string, ServerRoute>();
  // inspectRoutes reads only `routes`, whatever the app's type parameters are.
  for (const entry of inspectRoutes(app as Hono)) {
    if (entry.isMiddleware) continue;
    const route = { method: entry.method, path: entry.path };
    if (!seen.has(routeKey(route))) seen.set(routeKey(route), route);
  }
  return [...seen.values()];
}
