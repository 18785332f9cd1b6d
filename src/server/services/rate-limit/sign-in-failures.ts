import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Keys of the failed sign-in counters in `rate_limits` (rules: rateLimitRules.signInFailures* in
 * routes/rate-limits.ts). `email` is the normalised address the login schema gives.
 */
export const signInFailureKeys = {
  perAddress: (address: string) => `sign-in-failures:ip:${address}`,
  perAccount: (email: string) => `sign-in-failures:email:${email}`,
  perAccountAndAddress: (email: string, address: string) =>
    `sign-in-failures:email:${email}:ip:${address}`,
};

/**
 * Forgets every failed sign-in counted for the account, from every address. A password reset
 * proves the owner holds the mailbox: they can sign in with the new password at once even when
 * guessing elsewhere had reached the ceiling per account.
 */
export async function clearSignInFailuresOfAccount(db: Database, email: string): Promise<void> {
  const perAccount = signInFailureKeys.perAccount(email.toLowerCase());
  await db.execute(
    sql`delete from rate_limits where key = ${perAccount} or starts_with(key, ${`${perAccount}:ip:`})`,
  );
}
