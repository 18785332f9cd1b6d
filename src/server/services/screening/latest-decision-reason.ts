import { desc, eq } from 'drizzle-orm';
import type { ProfessionalStatus } from '@shared/screening';
import { verificationDecisions } from '../../db/schema';
import type { ServiceContext } from '../context';

/**
 * The reason of the decision behind a rejected or suspended status (shown to the professional);
 * null for any other status or when there is no decision.
 */
export async function latestDecisionReason(
  ctx: Pick<ServiceContext, 'db'>,
  professionalId: string,
  status: ProfessionalStatus,
): Promise<string | null> {
  if (status !== 'rejected' && status !== 'suspended') return null;
  const [row] = await ctx.db
    .select({ reason: verificationDecisions.reason })
    .from(verificationDecisions)
    .where(eq(verificationDecisions.professionalId, professionalId))
    .orderBy(desc(verificationDecisions.createdAt), desc(verificationDecisions.id))
    .limit(1);
  return row?.reason || null;
}
