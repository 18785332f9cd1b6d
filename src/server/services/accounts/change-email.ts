import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_LINK_HOURS, emailChangeMessages } from '@shared/validation/email-change';
import { findConstraintViolation } from '../../db/constraint-violation';
import { emailChangeRequests, practices, professionals, user } from '../../db/schema';
import { enqueueEmail } from '../../mail/outbox';
import { emailChangeEmail } from '../../mail/templates/email-change';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

/** Where the e-mailed link leads (a web page that confirms the token). */
export const EMAIL_CHANGE_PATH = '/confirm-email';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function inUseError(): DomainError {
  return new DomainError(409, 'email_in_use', emailChangeMessages.inUse, {
    newEmail: emailChangeMessages.inUse,
  });
}

async function usedByAnother(
  db: Pick<ServiceContext['db'], 'select'>,
  userId: string,
  email: string,
): Promise<boolean> {
  const [other] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email), ne(user.id, userId)));
  return Boolean(other);
}

/**
 * Asks to change the account's e-mail to `newEmail`: nothing changes yet. A link that works once,
 * for EMAIL_CHANGE_LINK_HOURS, goes to the new address (proving it is theirs); an earlier request
 * of the account stops working. An address another account uses is refused.
 */
export async function requestEmailChange(
  ctx: ServiceContext,
  account: { id: string; email: string; name: string },
  newEmail: string,
): Promise<{ pendingEmail: string }> {
  if (newEmail === account.email.toLowerCase()) {
    throw new DomainError(400, 'validation_failed', emailChangeMessages.sameAddress, {
      newEmail: emailChangeMessages.sameAddress,
    });
  }
  if (await usedByAnother(ctx.db, account.id, newEmail)) throw inUseError();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000);
  const url = `${ctx.env.publicUrl}${EMAIL_CHANGE_PATH}?token=${encodeURIComponent(token)}`;
  await ctx.db.transaction(async (tx) => {
    await tx.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, account.id));
    await tx
      .insert(emailChangeRequests)
      .values({ userId: account.id, newEmail, tokenHash: hashToken(token), expiresAt });
    await enqueueEmail(tx, emailChangeEmail(newEmail, account.name, url));
  });
  ctx.logger.info('e-mail change requested', { userId: account.id });
  return { pendingEmail: newEmail };
}

/**
 * Opens the e-mailed link: the account's sign-in e-mail and the professional's or practice's
 * record e-mail become the new one together, and the link is used up. A used, expired, replaced or unknown link
 * is refused, and so is an address another account took in the meantime.
 */
export async function confirmEmailChange(
  ctx: ServiceContext,
  token: string,
): Promise<{ email: string }> {
  const invalid = new DomainError(400, 'link_invalid', emailChangeMessages.linkInvalid);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(emailChangeRequests)
        .where(
          and(
            eq(emailChangeRequests.tokenHash, hashToken(token)),
            isNull(emailChangeRequests.usedAt),
            sql`${emailChangeRequests.expiresAt} > now()`,
          ),
        )
        .for('update');
      if (!request) throw invalid;
      if (await usedByAnother(tx, request.userId, request.newEmail)) throw inUseError();
      const now = new Date();
      await tx
        .update(user)
        .set({ email: request.newEmail, emailVerified: true, updatedAt: now })
        .where(eq(user.id, request.userId));
      await tx
        .update(professionals)
        .set({ email: request.newEmail, updatedAt: now })
        .where(eq(professionals.userId, request.userId));
      await tx
        .update(practices)
        .set({ email: request.newEmail, updatedAt: now })
        .where(eq(practices.userId, request.userId));
      await tx
        .update(emailChangeRequests)
        .set({ usedAt: now })
        .where(eq(emailChangeRequests.id, request.id));
      ctx.logger.info('e-mail changed', { userId: request.userId });
      return { email: request.newEmail };
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (findConstraintViolation(error)?.code === '23505') throw inUseError();
    throw error;
  }
}
