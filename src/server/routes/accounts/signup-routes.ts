import { portalPathByAccountType } from '@shared/accounts';
import { portalPathReply } from '@shared/account-replies';
import { fieldMessages, signupErrors } from '@shared/messages';
import { practiceSignupSchema } from '@shared/validation/practice-signup';
import { professionalSignupSchema } from '@shared/validation/professional-signup';
import { createPracticeAccount } from '../../services/accounts/create-practice-account';
import { createProfessionalAccount } from '../../services/accounts/create-professional-account';
import { declareRoutes, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { forwardCookies } from '../http';
import { addressKey, enforceRateLimits, rateLimitRules } from '../rate-limits';

/** The signup forms' catalogue text for a refused address (the field keeps its own text). */
const { router, route } = declareRoutes('signedOut', {
  overallMessages: { [fieldMessages.invalidEmail]: signupErrors.invalidEmail },
});

/** /api/signup: a new account, signed in at once (the session cookie comes with the answer). */
export const signupRoutes = router()
  .openapi(
    route(
      {
        method: 'post',
        path: '/practice',
        summary: 'Sign up a practice (its office, main location and first user)',
        request: { body: jsonBody(practiceSignupSchema) },
        responses: { 201: jsonAnswer(portalPathReply, 'Signed in: where the portal is') },
      },
      { errors: [409, 429] },
    ),
    async (c) => {
      const input = c.req.valid('json');
      await enforceRateLimits(c, [[addressKey(c, 'sign-up'), rateLimitRules.signUpPerAddress]]);
      const created = await createPracticeAccount(c.var.services, input, c.req.raw.headers);
      forwardCookies(c, created.headers);
      return c.json({ portalPath: portalPathByAccountType.practice }, 201);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/professional',
        summary: 'Sign up a hygienist, assistant or front desk professional',
        request: { body: jsonBody(professionalSignupSchema) },
        responses: { 201: jsonAnswer(portalPathReply, 'Signed in: where the portal is') },
      },
      { errors: [409, 429] },
    ),
    async (c) => {
      const input = c.req.valid('json');
      await enforceRateLimits(c, [[addressKey(c, 'sign-up'), rateLimitRules.signUpPerAddress]]);
      const created = await createProfessionalAccount(c.var.services, input, c.req.raw.headers);
      forwardCookies(c, created.headers);
      return c.json({ portalPath: portalPathByAccountType[input.role] }, 201);
    },
  );
