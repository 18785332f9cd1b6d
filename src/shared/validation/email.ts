import { z } from 'zod';

/**
 * The one e-mail rule of the product: the web forms, our routes and the identity library alike.
 *
 * better-auth checks every address it is given with zod's own `z.email()` (sign-up, sign-in,
 * password reset: node_modules/better-auth/dist/api/routes/*.mjs), so our rule is literally that
 * check, run on the address exactly as we hand it over (trimmed and lower-cased), plus the
 * 254-character ceiling of RFC 5321. An address we accept is therefore never refused by the
 * identity library afterwards (test/api/email-rule.property.test.ts proves it over HTTP).
 */
const identityLibraryEmail = z.email();

/** The longest address SMTP can carry (RFC 5321, 4.5.3.1.3 with the angle brackets removed). */
export const MAX_EMAIL_LENGTH = 254;

/** The address as it is stored and handed to the identity library. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Whether an already normalized address passes the rule. */
export function isValidNormalizedEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && identityLibraryEmail.safeParse(value).success;
}

/** Whether a typed address passes the rule (after trimming and lower-casing it). */
export function isValidEmail(value: string): boolean {
  return isValidNormalizedEmail(normalizeEmail(value));
}
