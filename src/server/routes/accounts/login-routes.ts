import { Hono } from 'hono';
import { z } from 'zod';
import { loginAudiences, loginSchema } from '@shared/validation/login';
import { signIn } from '../../services/accounts/sign-in';
import { DomainError } from '../../services/domain-error';
import type { AppEnv } from '../app-env';
import { forwardCookies, readJson } from '../http';
import { limitSignInFailures } from '../rate-limits';

const loginRequestSchema = loginSchema.extend({ audience: z.enum(loginAudiences) });

export const loginRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const input = await readJson(c, loginRequestSchema);
  const signedIn = await limitSignInFailures(
    c,
    input.email,
    () => signIn(c.get('services'), input, c.req.raw.headers),
    isWrongCredentials,
  );
  forwardCookies(c, signedIn.headers);
  return c.json({ portalPath: signedIn.portalPath, accountType: signedIn.accountType });
});

/** Only a wrong password or an unknown account counts as a failed sign-in. */
function isWrongCredentials(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'invalid_credentials';
}
