import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAPIError } from 'better-auth/api';
import { rateLimits } from '../../src/server/db/schema';
import { isEmailRefusal } from '../../src/server/auth/identity-refusals';
import { fieldMessages, passwordResetMessages, signupErrors } from '../../src/shared/messages';
import { emailField } from '../../src/shared/validation/fields';
import { isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail } from '../../src/shared/validation/email';
import { practiceSignupSchema } from '../../src/shared/validation/practice-signup';
import { professionalSignupSchema } from '../../src/shared/validation/professional-signup';
import { passwordResetRequestSchema } from '../../src/shared/validation/password-reset';
import { loginSchema } from '../../src/shared/validation/login';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The one e-mail rule (src/shared/validation/email.ts), property-based: thousands of addresses,
 * tricky ones above all (dots, hyphens, underscores, quotes, full-width and other Unicode, long
 * labels, surrounding spaces, capitals), against
 * - the identity library itself (better-auth's sign-up, in-process): our rule accepts an address
 *   exactly when better-auth does (ours adds the 254-character ceiling of RFC 5321);
 * - every form's schema (signup of both kinds, login, password reset): each uses the rule;
 * - the real HTTP server: signup (both kinds), password reset and login never answer 5xx, accept
 *   what the rule accepts and refuse the rest with the spec's texts.
 * EMAIL_RULE_RUNS sets the HTTP runs per endpoint (default 150); the library and schema runs 15 times as many.
 */

const HTTP_RUNS = Number(process.env.EMAIL_RULE_RUNS ?? 200);
const LIBRARY_RUNS = HTTP_RUNS * 15;

/** The addresses of issue 14 that passed our old pattern and then made the server answer 500. */
const reported = [
  'pat@example..com',
  'jane..doe@gmail.com',
  '.pat@x.com',
  'pat.@x.com',
  'pat@-example.com',
  'a@b_c.de',
  '0@0.0',
  'ｐａｔ@example.com',
  'pat@ｅｘａｍｐｌｅ.com',
  'pat@example.ｃｏｍ',
];

const localPieces = [
  'pat',
  'jane',
  'doe',
  'o',
  'Z',
  '0',
  '42',
  '.',
  '..',
  '-',
  '_',
  '+',
  "'",
  '"',
  '!',
  '#',
  '%',
  '~',
  '=',
  'é',
  'ñ',
  'ｐ',
  'ａ',
  'Ж',
  '名',
  '\u212A' /* Kelvin sign, lower-cases to k */,
  ' ',
  '\t',
  '(',
  ')',
  ',',
  ';',
  ':',
  '<',
  '>',
  '[',
  ']',
  '\\',
  '@',
];
const labelPieces = [
  'example',
  'gmail',
  'x',
  'b',
  'mail',
  '0',
  '123',
  '-',
  '_',
  'ｅｘ',
  'é',
  'xn--p1ai',
  'ß',
  '\u212A',
  'a'.repeat(63),
  'b'.repeat(64),
  'A',
];
const tlds = [
  'com',
  'de',
  'co',
  'org',
  'uk',
  'io',
  'c',
  '0',
  '12',
  'ｃｏｍ',
  'COM',
  'x-y',
  'co_m',
  'museum',
  'a'.repeat(70),
];

const tokens = (pieces: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...pieces), { minLength: 0, maxLength }).map((parts) => parts.join(''));

const composed = fc
  .record({
    lead: fc.constantFrom('', '', '', ' ', '\u3000', '\n'),
    local: tokens(localPieces, 5),
    at: fc.constantFrom('@', '@', '@', '@', '@@', '', '＠'),
    labels: fc.array(tokens(labelPieces, 3), { minLength: 0, maxLength: 3 }),
    tld: fc.constantFrom(...tlds),
    trail: fc.constantFrom('', '', '', ' ', '.', '\u00A0'),
  })
  .map(({ lead, local, at, labels, tld, trail }) => {
    const domain = [...labels, tld].join('.');
    return `${lead}${local}${at}${domain}${trail}`;
  });

/** A valid-looking address lengthened towards and past the 254-character ceiling. */
const long = fc
  .integer({ min: 230, max: 270 })
  .map(
    (length) =>
      `${'l'.repeat(Math.min(64, length - 20))}@${'d'.repeat(length - Math.min(64, length - 20) - 5)}.com`,
  );

/** Plausible addresses, mostly valid, with the dots, hyphens and quotes that make some fail. */
const plausible = fc
  .record({
    local: fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9._+'-]{0,12}$/),
    labels: fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,12}$/), {
      minLength: 1,
      maxLength: 3,
    }),
    tld: fc.constantFrom('com', 'org', 'de', 'co', 'us', 'Com', 'info'),
  })
  .map(({ local, labels, tld }) => `${local}@${[...labels, tld].join('.')}`);

const addresses = fc.oneof(
  { weight: 4, arbitrary: plausible },
  { weight: 1, arbitrary: fc.constantFrom(...reported) },
  { weight: 4, arbitrary: composed },
  { weight: 2, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.emailAddress().map((a) => a.toUpperCase()) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: long },
);

let server: TestServer;
let serial = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** This suite sends far more sign-ups and resets from one address than a person would. */
async function forgetRateLimits(): Promise<void> {
  await server.services.db.delete(rateLimits);
}

/**
 * better-auth's own verdict on an address, from its real sign-up endpoint: a password too short
 * to hash is refused right after the e-mail checks, so nothing is written either way.
 */
async function identityLibraryAccepts(address: string): Promise<boolean> {
  try {
    await server.services.auth.api.signUpEmail({
      body: { email: address, password: 'Zq', name: 'Probe', accountType: 'practice' },
    });
  } catch (error) {
    if (isEmailRefusal(error)) return false;
    if (
      isAPIError(error) &&
      (error as { body?: { code?: string } }).body?.code === 'PASSWORD_TOO_SHORT'
    ) {
      return true;
    }
    throw error;
  }
  throw new Error(
    `better-auth created an account for ${JSON.stringify(address)} with a 2-character password`,
  );
}

function practiceBody(email: string) {
  return {
    practiceName: 'Rule Dental',
    email,
    phone: '(201) 555-0142',
    address: '100 River Road',
    city: 'Hackensack',
    state: 'NJ',
    zipCode: '07601',
    pointOfContact: 'Dana Office',
    password: 'rule-pass-word-1',
    confirmPassword: 'rule-pass-word-1',
    acceptTerms: true,
  };
}

function professionalBody(email: string) {
  return {
    role: 'front-desk',
    firstName: 'Rule',
    lastName: 'Tester',
    email,
    phone: '732-555-0188',
    yearsOfExperience: '3',
    employmentStatus: 'temp',
    password: 'rule-pass-word-1',
    confirmPassword: 'rule-pass-word-1',
    acceptTerms: true,
  };
}

/** A refusal's field text for the address: too long, or not an address. */
function refusedFieldMessage(address: string, invalid: string): string {
  return address.trim().length > MAX_EMAIL_LENGTH
    ? `Must be at most ${MAX_EMAIL_LENGTH} characters`
    : invalid;
}

const context = (address: string, res: { status: number; body: unknown }) =>
  `${JSON.stringify(address)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;

describe('the one e-mail rule', () => {
  it('accepts an address exactly when the identity library does', async () => {
    await fc.assert(
      fc.asyncProperty(addresses, async (raw) => {
        const normalized = normalizeEmail(raw);
        if (normalized === '') return; // empty is "required", before any e-mail check
        const library = await identityLibraryAccepts(normalized);
        const ours = isValidEmail(raw);
        const detail = `${JSON.stringify(raw)}: ours ${ours}, better-auth ${library}`;
        if (ours) expect(library, detail).toBe(true);
        if (library && normalized.length <= MAX_EMAIL_LENGTH) expect(ours, detail).toBe(true);
      }),
      { numRuns: LIBRARY_RUNS, examples: reported.map((a) => [a]) },
    );
  }, 120_000);

  it('is the rule of every form that takes an address', () => {
    fc.assert(
      fc.property(addresses, (raw) => {
        const ours = isValidEmail(raw) && raw.trim() !== '';
        const schemas = {
          field: emailField().safeParse(raw).success,
          practiceSignup: !fieldError(practiceSignupSchema.safeParse(practiceBody(raw))),
          professionalSignup: !fieldError(
            professionalSignupSchema.safeParse(professionalBody(raw)),
          ),
          login: !fieldError(loginSchema.safeParse({ email: raw, password: 'x' })),
          passwordReset: !fieldError(passwordResetRequestSchema.safeParse({ email: raw })),
        };
        for (const [form, accepted] of Object.entries(schemas)) {
          expect(accepted, `${form} ${JSON.stringify(raw)}`).toBe(ours);
        }
      }),
      { numRuns: LIBRARY_RUNS, examples: reported.map((a) => [a]) },
    );
  });

  it.each(reported)('refuses %j everywhere with the spec texts, never a 500', async (address) => {
    expect(isValidEmail(address)).toBe(false);
    await forgetRateLimits();
    const client = server.client();
    for (const [path, body] of [
      ['/api/signup/practice', practiceBody(address)],
      ['/api/signup/professional', professionalBody(address)],
    ] as const) {
      const res = await client.post(path, body);
      expect(res.status, context(address, res)).toBe(400);
      expect(res.body.error.message).toBe(signupErrors.invalidEmail);
      expect(res.body.error.fields).toEqual({ email: fieldMessages.invalidEmail });
    }
    const reset = await client.post('/api/password-reset/request', { email: address });
    expect(reset.status, context(address, reset)).toBe(400);
    expect(reset.body.error.message).toBe(passwordResetMessages.invalidEmail);
    const login = await client.post('/api/login', {
      email: address,
      password: 'whatever-1',
      audience: 'practice',
    });
    expect(login.status, context(address, login)).toBe(400);
    expect(login.body.error.fields).toEqual({ email: fieldMessages.invalidEmail });
  });

  it('never answers 5xx over HTTP: signup (both kinds), password reset and login', async () => {
    const seen = { valid: 0, invalid: 0 };
    await fc.assert(
      fc.asyncProperty(addresses, fc.boolean(), async (raw, practice) => {
        await forgetRateLimits();
        serial += 1;
        const valid = isValidEmail(raw) && raw.trim() !== '';
        seen[valid ? 'valid' : 'invalid'] += 1;
        const client = server.client();
        const signup = practice
          ? await client.post('/api/signup/practice', practiceBody(raw))
          : await client.post('/api/signup/professional', professionalBody(raw));
        expect(signup.status, context(raw, signup)).toBeLessThan(500);
        if (valid) {
          // 409 when an earlier run already signed the same address up.
          expect([201, 409], context(raw, signup)).toContain(signup.status);
        } else if (raw.trim() !== '') {
          expect(signup.status, context(raw, signup)).toBe(400);
          expect(signup.body.error.fields, context(raw, signup)).toEqual({
            email: refusedFieldMessage(raw, fieldMessages.invalidEmail),
          });
        }

        const reset = await server.client().post('/api/password-reset/request', { email: raw });
        expect(reset.status, context(raw, reset)).toBeLessThan(500);
        expect(reset.status, context(raw, reset)).toBe(valid ? 200 : 400);
        if (!valid && raw.trim() !== '') {
          expect(reset.body.error.fields, context(raw, reset)).toEqual({
            email: refusedFieldMessage(raw, passwordResetMessages.invalidEmail),
          });
        }

        const login = await server.client().post('/api/login', {
          email: raw,
          password: `not-the-password-${serial}`,
          audience: practice ? 'practice' : 'professional',
        });
        expect(login.status, context(raw, login)).toBeLessThan(500);
        expect(login.status, context(raw, login)).toBe(valid ? 401 : 400);
      }),
      { numRuns: HTTP_RUNS },
    );
    // Both sides are exercised: accounts really are created, and refusals really are tried.
    expect(seen.valid).toBeGreaterThan(HTTP_RUNS / 10);
    expect(seen.invalid).toBeGreaterThan(HTTP_RUNS / 10);
    console.log(
      `e-mail rule over HTTP: ${seen.valid} accepted and ${seen.invalid} refused addresses`,
    );
  }, 300_000);
});

/** Whether a parse failed on the e-mail field. */
function fieldError(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return !result.success && result.error!.issues.some((issue) => issue.path[0] === 'email');
}
