import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verification } from '../../db/schema';

/** better-auth keeps each e-mailed reset link as a verification row `reset-password:<token>` → user id. */
const RESET_LINK_IDENTIFIER_PREFIX = 'reset-password:';

/**
 * Makes every reset link still outstanding for the user unusable (the e-mailed link and the
 * reset form then answer that it is invalid or has expired). Called once the password has been
 * reset through one link or changed under Settings, so an older e-mail cannot set it again.
 */
export async function revokePasswordResetLinks(db: Database, userId: string): Promise<number> {
  const revoked = await db
    .delete(verification)
    .where(
      and(
        like(verification.identifier, `${RESET_LINK_IDENTIFIER_PREFIX}%`),
        eq(verification.value, userId),
      ),
    )
    .returning({ id: verification.id });
  return revoked.length;
}
