import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@shared/accounts';
import { fieldMessages, signupErrors } from '@shared/messages';
import { isValidNormalizedEmail, normalizeEmail } from '@shared/validation/email';
import { staffNameSchema } from '@shared/validation/staff-name';
import { session } from '../../db/schema';
import { createUserWithPassword } from '../accounts/create-user-with-password';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

export interface CreatedAdmin {
  userId: string;
  email: string;
  /** The password set: the one given, or the generated one (shown once, never stored). */
  password: string;
  generatedPassword: boolean;
}

/** A strong random password (24 URL-safe characters, 144 bits). */
export function generateAdminPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Creates a platform staff (admin) account through better-auth, so the password is hashed like
 * every other. `name` is the staff member's own name, shown on their decisions in the console
 * ('' only when none is known: the console then shows the e-mail address). An address that
 * already has an account is refused: nothing is ever promoted.
 */
export async function createAdminAccount(
  ctx: ServiceContext,
  input: { email: string; name: string; password?: string },
): Promise<CreatedAdmin> {
  const email = normalizeEmail(input.email);
  if (!isValidNormalizedEmail(email)) {
    throw new DomainError(400, 'validation_failed', fieldMessages.invalidEmail);
  }
  const name = staffNameSchema.safeParse(input.name);
  if (!name.success) {
    throw new DomainError(400, 'validation_failed', `Name: ${name.error.issues[0]!.message}`);
  }
  const generatedPassword = input.password === undefined;
  const password = input.password ?? generateAdminPassword();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new DomainError(400, 'validation_failed', fieldMessages.passwordTooShort);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new DomainError(400, 'validation_failed', fieldMessages.passwordTooLong);
  }
  const created = await createUserWithPassword(
    ctx,
    { email, password, name: name.data, accountType: 'admin' },
    signupErrors.practiceEmailInUse,
    async () => {},
  );
  // better-auth signs a new account in; nobody holds that session, so remove it.
  await ctx.db.delete(session).where(eq(session.userId, created.userId));
  ctx.logger.info('admin account created', { userId: created.userId });
  return { userId: created.userId, email, password, generatedPassword };
}
