import { Hono } from 'hono';
import type { Env } from '../../env';
import type { AppEnv } from '../app-env';
import { openApiDocument } from './openapi-document';
import { renderReferencePage } from './reference-page';

/**
 * Mounted at /api: GET /api/openapi.json, the OpenAPI 3.1 document of the API, for anyone; and
 * outside production GET /api/reference, the same as a readable page.
 */
export function openApiRoutes(env: Pick<Env, 'isProduction'>) {
  const routes = new Hono<AppEnv>().get('/openapi.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(openApiDocument());
  });
  if (env.isProduction) return routes;
  return routes.get('/reference', (c) => c.html(renderReferencePage(openApiDocument())));
}
