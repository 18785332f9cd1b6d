import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@shared/accounts';
import type { Database } from '../db/client';
import { account, session, user, verification } from '../db/schema';
import { enqueueEmail } from '../mail/outbox';
import { passwordResetEmail } from '../mail/templates/password-reset';
import { revokePasswordResetLinks } from '../services/accounts/password-reset-links';
import { clearSignInFailuresOfAccount } from '../services/rate-limit/sign-in-failures';
import { CLIENT_ADDRESS_HEADER } from './client-address-header';
import { hashPassword, verifyPassword } from './password-hashing';
import { refuseCommonPasswords } from './password-policy';

export interface AuthOptions {
  db: Database;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  secureCookies: boolean;
  /** Called after an e-mail was queued, so it goes out without waiting for the next poll. */
  onEmailQueued: () => void;
}

/** Idle lifetime: a session unused for this long has expired (pushed forward as it is used). */
export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;
/** How often a used session's idle expiry is pushed forward (one write per session per day). */
export const SESSION_REFRESH_SECONDS = 60 * 60 * 24;
/** Absolute lifetime: a session ends this long after sign-in however much it is used. */
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 60 * 60 * 24 * 30;

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'ChairFill',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user, session, account, verification },
    }),
    user: {
      additionalFields: {
        accountType: { type: 'string', required: true, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // better-auth uses up only the link that was followed; every other one stops working too.
      // The owner proved they hold the mailbox: failed sign-ins counted elsewhere no longer
      // keep them out.
      onPasswordReset: async ({ user: target }) => {
        await revokePasswordResetLinks(options.db, target.id);
        await clearSignInFailuresOfAccount(options.db, target.email);
      },
      sendResetPassword: async ({ user: target, url }) => {
        await enqueueEmail(options.db, passwordResetEmail(target.email, target.name, url));
        options.onEmailQueued();
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    // One limiter, in one place: our database-backed one (routes/rate-limits.ts) guards sign-in
    // (failures only, per account and address), sign-up and reset. better-auth's own would count
    // every request, correct sign-ins included, so it stays off.
    rateLimit: { enabled: false },
    hooks: { before: refuseCommonPasswords },
    advanced: {
      // better-auth skips these checks when NODE_ENV is 'test'; keep them on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // Over HTTPS every cookie is named __Host-chairfill.*: the browser keeps it only when it is
      // Secure, for Path=/ and without Domain, so no subdomain or plain-HTTP page can set or
      // overwrite it. (better-auth's useSecureCookies would give the weaker __Secure- prefix.)
      useSecureCookies: false,
      cookiePrefix: options.secureCookies ? '__Host-chairfill' : 'chairfill',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: options.secureCookies },
    },
    logger: { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;
