import { inArray } from 'drizzle-orm';
import { user } from '../../db/schema';
import type { ServiceContext } from '../context';
import { createAdminAccount } from './create-admin-account';

/**
 * ADMIN_EMAILS: each listed address without an account gets an admin account with a random
 * password, and a password-reset e-mail so the person sets their own. An address that already
 * has an account is left as it is (a practice or professional is never promoted). Returns the
 * addresses created now.
 */
export async function ensureAdminAccounts(
  ctx: ServiceContext,
  emails: readonly string[] = ctx.env.adminEmails,
): Promise<string[]> {
  if (emails.length === 0) return [];
  const existing = await ctx.db
    .select({ email: user.email, accountType: user.accountType })
    .from(user)
    .where(inArray(user.email, [...emails]));
  const byEmail = new Map(existing.map((row) => [row.email, row.accountType]));
  const created: string[] = [];
  for (const email of emails) {
    const accountType = byEmail.get(email);
    if (accountType) {
      if (accountType !== 'admin') {
        ctx.logger.warn('ADMIN_EMAILS lists an address that has a non-admin account; left as is', {
          accountType,
        });
      }
      continue;
    }
    await createAdminAccount(ctx, { email });
    await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
    created.push(email);
  }
  return created;
}
