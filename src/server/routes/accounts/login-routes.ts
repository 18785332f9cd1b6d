import { Hono } from 'hono';
import { z } from 'zod';
import { loginAudiences, loginSchema } from '@shared/validation/login';
import { signIn } from '../../services/accounts/sign-in';
import type { AppEnv } from '../app-env';
import { forwardCookies, readJson } from '../http';
import { addressKey, enforceRateLimits, rateLimitRules } from '../rate-limits';

const loginRequestSchema = loginSchema.extend({ audience: z.enum(loginAudiences) });

export const loginRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const input = await readJson(c, loginRequestSchema);
  await enforceRateLimits(c, [
    [addressKey(c, 'sign-in'), rateLimitRules.signInPerAddress],
    [`sign-in:email:${input.email}`, rateLimitRules.signInPerEmail],
  ]);
  const signedIn = await signIn(c.get('services'), input, c.req.raw.headers);
  forwardCookies(c, signedIn.headers);
  return c.json({ portalPath: signedIn.portalPath, accountType: signedIn.accountType });
});
