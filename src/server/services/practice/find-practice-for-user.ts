import { eq } from 'drizzle-orm';
import { genericErrors } from '@shared/messages';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

/** The id of the practice a signed-in practice account owns; 404 when it has none. */
export async function findPracticeForUser(ctx: ServiceContext, userId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ id: practices.id })
    .from(practices)
    .where(eq(practices.userId, userId));
  if (!row) throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
  return row.id;
}
