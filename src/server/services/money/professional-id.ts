import { eq } from 'drizzle-orm';
import { genericErrors } from '@shared/messages';
import type { Database } from '../../db/client';
import { professionals } from '../../db/schema';
import { DomainError } from '../domain-error';

/** The professional record of a signed-in professional account (404 when it has none). */
export async function professionalIdForUser(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ id: professionals.id })
    .from(professionals)
    .where(eq(professionals.userId, userId))
    .limit(1);
  if (!row) throw new DomainError(404, 'not_found', genericErrors.notFound);
  return row.id;
}
