import { eq, inArray } from 'drizzle-orm';
import type { StaffInvite } from '@shared/validation/staff-name';
import { user } from '../../db/schema';
import type { ServiceContext } from '../context';
import { createAdminAccount } from './create-admin-account';

/**
 * ADMIN_EMAILS: each listed address without an account gets an admin account, named as the entry
 * names it, with a random password and a password-reset e-mail so the person sets their own. An
 * existing admin whose entry gives a name takes that name (so admins created before names were
 * asked for get theirs); an entry without a name leaves it as it is. An address with another kind
 * of account is left alone (a practice or professional is never promoted). Returns the addresses
 * created now.
 */
export async function ensureAdminAccounts(
  ctx: ServiceContext,
  admins: readonly StaffInvite[] = ctx.env.admins,
): Promise<string[]> {
  if (admins.length === 0) return [];
  const existing = await ctx.db
    .select({ id: user.id, email: user.email, name: user.name, accountType: user.accountType })
    .from(user)
    .where(
      inArray(
        user.email,
        admins.map((admin) => admin.email),
      ),
    );
  const byEmail = new Map(existing.map((row) => [row.email, row]));
  const created: string[] = [];
  for (const { email, name } of admins) {
    const account = byEmail.get(email);
    if (account) {
      if (account.accountType !== 'admin') {
        ctx.logger.warn('ADMIN_EMAILS lists an address that has a non-admin account; left as is', {
          accountType: account.accountType,
        });
      } else if (name && account.name !== name) {
        await ctx.db
          .update(user)
          .set({ name, updatedAt: new Date() })
          .where(eq(user.id, account.id));
        ctx.logger.info('admin name set from ADMIN_EMAILS', { userId: account.id });
      }
      continue;
    }
    await createAdminAccount(ctx, { email, name });
    await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
    created.push(email);
  }
  return created;
}
