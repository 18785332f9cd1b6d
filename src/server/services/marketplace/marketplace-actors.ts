import { eq, inArray, sql, type SQL, type SQLWrapper, type Subquery } from 'drizzle-orm';
import { shiftPositionByRole } from '@shared/matching/shift-board';
import type { ShiftPosition } from '@shared/practice/shifts';
import { practices, professionals } from '../../db/schema';
import type { ProfessionalAccount } from '../professional/professional-account';
import {
  ProfessionalNotVerifiedError,
  verifiedProfessionalRow,
} from '../screening/assert-verified-professional';
import type { Tx } from './db-transaction';
import { marketplaceErrors } from './marketplace-errors';

export interface ProfessionalActor {
  id: string;
  userId: string;
  name: string;
  position: ShiftPosition;
}

/** The account (user) ids of these professionals, to tell them something. */
export async function userIdsOfProfessionals(
  tx: Tx,
  professionalIds: readonly { professionalId: string }[],
): Promise<string[]> {
  if (professionalIds.length === 0) return [];
  const people = await tx
    .select({ userId: professionals.userId })
    .from(professionals)
    .where(
      inArray(
        professionals.id,
        professionalIds.map((row) => row.professionalId),
      ),
    );
  return people.map((person) => person.userId);
}

/**
 * userIdsOfProfessionals inside a statement: the account ids of the professionals a part of it
 * returns (`with part as (… returning professional_id)`), as an array, empty for none.
 */
export function accountIdsOf(part: Subquery & { professionalId: SQLWrapper }): SQL<string[]> {
  return sql<string[]>`(select coalesce(array_agg(${professionals.userId}), '{}')
    from ${part} join ${professionals} on ${professionals.id} = ${part.professionalId})`;
}

/** 'First Last', or the e-mail address while the profile has no name. */
export function professionalName(row: {
  firstName: string;
  lastName: string;
  email: string;
}): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.email;
}

/**
 * The signed-in professional who applies or books, checked inside the transaction: verified
 * (403 otherwise, with the booking message; a suspended one is told so), with the shift
 * position their role works (one statement: verifiedProfessionalRow).
 */
export async function verifiedProfessional(
  tx: Tx,
  account: ProfessionalAccount,
): Promise<ProfessionalActor> {
  try {
    const row = await verifiedProfessionalRow(tx, account.id);
    return {
      id: row.id,
      userId: row.userId,
      name: professionalName(row),
      position: shiftPositionByRole[row.role],
    };
  } catch (error) {
    if (error instanceof ProfessionalNotVerifiedError) {
      throw marketplaceErrors.notBookable(error.professionalStatus);
    }
    throw error;
  }
}

/** The professional record id of a signed-in professional; null before their first portal load. */
export async function professionalIdOf(
  db: Pick<Tx, 'select'>,
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: professionals.id })
    .from(professionals)
    .where(eq(professionals.userId, userId));
  return row?.id ?? null;
}

/** The practice's account (user) id and name, for notices. */
export async function practiceContact(
  db: Pick<Tx, 'select'>,
  practiceId: string,
): Promise<{ userId: string; practiceName: string }> {
  const [row] = await db
    .select({ userId: practices.userId, practiceName: practices.practiceName })
    .from(practices)
    .where(eq(practices.id, practiceId));
  return row!;
}
