import { Hono } from 'hono';
import { portalPathByAccountType } from '@shared/accounts';
import { fieldMessages, signupErrors } from '@shared/messages';
import { practiceSignupSchema } from '@shared/validation/practice-signup';
import { professionalSignupSchema } from '@shared/validation/professional-signup';
import { createPracticeAccount } from '../../services/accounts/create-practice-account';
import { createProfessionalAccount } from '../../services/accounts/create-professional-account';
import type { AppEnv } from '../app-env';
import { forwardCookies, readJson } from '../http';
import { addressKey, enforceRateLimits, rateLimitRules } from '../rate-limits';

/** The signup forms' catalogue text for a refused address (the field keeps its own text). */
const signupCatalogue = {
  overallMessages: { [fieldMessages.invalidEmail]: signupErrors.invalidEmail },
};

export const signupRoutes = new Hono<AppEnv>()
  .post('/practice', async (c) => {
    const input = await readJson(c, practiceSignupSchema, signupCatalogue);
    await enforceRateLimits(c, [[addressKey(c, 'sign-up'), rateLimitRules.signUpPerAddress]]);
    const created = await createPracticeAccount(c.get('services'), input, c.req.raw.headers);
    forwardCookies(c, created.headers);
    return c.json({ portalPath: portalPathByAccountType.practice }, 201);
  })
  .post('/professional', async (c) => {
    const input = await readJson(c, professionalSignupSchema, signupCatalogue);
    await enforceRateLimits(c, [[addressKey(c, 'sign-up'), rateLimitRules.signUpPerAddress]]);
    const created = await createProfessionalAccount(c.get('services'), input, c.req.raw.headers);
    forwardCookies(c, created.headers);
    return c.json({ portalPath: portalPathByAccountType[input.role] }, 201);
  });
