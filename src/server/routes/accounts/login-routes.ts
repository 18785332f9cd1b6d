import { z } from 'zod';
import { loginReply } from '@shared/account-replies';
import { loginAudiences, loginSchema } from '@shared/validation/login';
import { signIn } from '../../services/accounts/sign-in';
import { DomainError } from '../../services/domain-error';
import { declareRoutes, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { forwardCookies } from '../http';
import { limitSignInFailures } from '../rate-limits';

const { router, route } = declareRoutes('signedOut');

const loginRequestSchema = loginSchema.extend({ audience: z.enum(loginAudiences) });

/** POST /api/login: signs in from one of the login pages (its audience: practices, professionals, staff). */
export const loginRoutes = router().openapi(
  route(
    {
      method: 'post',
      path: '/',
      summary:
        'Sign in (the session cookie comes with the answer); only wrong passwords count toward the limit',
      request: { body: jsonBody(loginRequestSchema) },
      responses: { 200: jsonAnswer(loginReply, "Signed in: the account's kind and portal") },
    },
    { errors: [401, 404, 429] },
  ),
  async (c) => {
    const input = c.req.valid('json');
    const signedIn = await limitSignInFailures(
      c,
      input.email,
      () => signIn(c.var.services, input, c.req.raw.headers),
      isWrongCredentials,
    );
    forwardCookies(c, signedIn.headers);
    return c.json({ portalPath: signedIn.portalPath, accountType: signedIn.accountType }, 200);
  },
);

/** Only a wrong password or an unknown account counts as a failed sign-in. */
function isWrongCredentials(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'invalid_credentials';
}
