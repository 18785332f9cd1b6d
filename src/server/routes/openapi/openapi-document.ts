import { apiRoutes } from '../api-routes';
import { SESSION_SECURITY_SCHEME } from '../contract/declare-routes';

type OpenApiObject = ReturnType<typeof apiRoutes.getOpenAPI31Document>;

let built: OpenApiObject | undefined;

/**
 * The OpenAPI 3.1 document of every declared API route, built once from the declarations
 * (api-routes.ts): paths, parameters, bodies, answers with their schemas and examples, and how
 * a signed-in request proves who it is.
 */
export function openApiDocument(): OpenApiObject {
  if (built) return built;
  apiRoutes.openAPIRegistry.registerComponent('securitySchemes', SESSION_SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'chairfill.session_token',
    description:
      'The session cookie set by signing in (POST /api/login or a signup). In production its name is __Host-chairfill.session_token. State-changing requests must also come from one of our own pages (Origin).',
  });
  built = apiRoutes.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'ChairFill API',
      version: '1',
      description:
        'The JSON API behind the ChairFill web app: practices post shifts and run their office; professionals keep a profile, find shifts, apply, book and are told. Every error answer has the shape { error: { code, message, fields? } }.',
    },
  });
  return built;
}
