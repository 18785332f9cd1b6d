import { z } from 'zod';
import { identityAnswer } from '../auth/identity-refusals';
import { declareRoutes, emptyAnswer, jsonAnswer } from './contract/declare-routes';

const { router, route } = declareRoutes('signedOut');

/**
 * The request as the identity library needs it: these two routes take no body, so none is passed
 * on (nor its type), and whatever a caller sent with them cannot make the library answer in its
 * own words.
 */
function withoutBody(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers });
}

/**
 * The better-auth endpoints the product uses directly: sign-out, and the reset-password link in
 * the e-mail (which checks the token and redirects to /reset-password?token=...). Everything else
 * goes through our own routes, which validate with the shared schemas and apply rate limits; any
 * other path under /api/auth is the API's 404.
 */
export const authRoutes = router()
  .openapi(
    route({
      method: 'post',
      path: '/sign-out',
      summary: 'Sign out this device (the session cookie is cleared)',
      responses: {
        200: jsonAnswer(z.object({ success: z.boolean() }), 'Signed out (the cookie is cleared)'),
      },
    }),
    async (c) => identityAnswer(await c.var.services.auth.handler(withoutBody(c.req.raw))),
  )
  .openapi(
    route(
      {
        method: 'get',
        path: '/reset-password/{token}',
        summary:
          'The e-mailed reset link: checks the token and goes to the page to choose a password',
        request: {
          params: z.object({
            token: z.string().regex(/^[A-Za-z0-9_-]+$/, 'Not found'),
          }),
          // The page the library sends the browser to afterwards (the e-mailed link carries it).
          query: z.object({ callbackURL: z.string().min(1).max(2048) }).loose(),
        },
        responses: {
          302: emptyAnswer(
            'To /reset-password?token=… (or with ?error= when the link is not valid)',
          ),
        },
      },
      { errors: [403] },
    ),
    async (c) => identityAnswer(await c.var.services.auth.handler(withoutBody(c.req.raw))),
  );
