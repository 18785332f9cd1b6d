import { eq } from 'drizzle-orm';
import { genericErrors } from '@shared/messages';
import { perDatabase } from '../../db/per-database';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

/**
 * A practice account's practice never changes (one row per account, made at sign-up, never
 * deleted or handed to another account), so every practice request after the first reads it from
 * memory instead of the database. Per database, bounded: emptied when it reaches the cap.
 */
const MAX_REMEMBERED = 20_000;
const practiceIdsFor = perDatabase(() => new Map<string, string>());

/** The id of the practice a signed-in practice account owns; 404 when it has none. */
export async function findPracticeForUser(ctx: ServiceContext, userId: string): Promise<string> {
  const remembered = practiceIdsFor(ctx.db);
  const known = remembered.get(userId);
  if (known) return known;
  const [row] = await ctx.db
    .select({ id: practices.id })
    .from(practices)
    .where(eq(practices.userId, userId));
  if (!row) throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(userId, row.id);
  return row.id;
}
