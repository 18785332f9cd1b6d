import { eq, sql } from 'drizzle-orm';
import { screeningMessages, type ProfessionalStatus } from '@shared/screening';
import { builtOnce } from '../../db/built-once';
import type { Database } from '../../db/client';
import { professionals } from '../../db/schema';
import type { Tx } from '../marketplace/db-transaction';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

export class ProfessionalNotVerifiedError extends DomainError {
  constructor(readonly professionalStatus: ProfessionalStatus | null) {
    super(403, 'professional_not_verified', screeningMessages.notVerified);
    this.name = 'ProfessionalNotVerifiedError';
  }
}

/** True only for a verified professional (pending, rejected and suspended ones may not work). */
export function isVerifiedStatus(status: ProfessionalStatus | null | undefined): boolean {
  return status === 'verified';
}

/**
 * The rule booking and applying call first: only a verified professional may apply for or book
 * shifts. Anyone else (pending, rejected, suspended, or no record) gets a 403
 * 'professional_not_verified'. Pass a transaction as `db` to check inside it (the row is read
 * FOR SHARE, so a concurrent suspension waits for the booking or sees it).
 */
export async function assertVerifiedProfessional(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  db: Database | Tx = ctx.db,
): Promise<{ professionalId: string }> {
  const row = await verifiedProfessionalRow(db, userId);
  return { professionalId: row.id };
}

/**
 * assertVerifiedProfessional's check, answering the record's fields an applying or booking
 * professional acts with (their name and role), read in the same statement.
 */
export async function verifiedProfessionalRow(db: Database | Tx, userId: string) {
  const [row] = await professionalToActFor(db, { userId });
  if (!row || !isVerifiedStatus(row.status)) {
    throw new ProfessionalNotVerifiedError(row?.status ?? null);
  }
  return row;
}

/** Built once (every application, booking and attendance write reads it first). */
const professionalToActFor = builtOnce((db) =>
  db
    .select({
      id: professionals.id,
      userId: professionals.userId,
      status: professionals.status,
      role: professionals.role,
      firstName: professionals.firstName,
      lastName: professionals.lastName,
      email: professionals.email,
    })
    .from(professionals)
    .where(eq(professionals.userId, sql.placeholder('userId')))
    .for('share'),
);
