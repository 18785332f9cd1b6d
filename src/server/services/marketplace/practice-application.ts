import { and, eq, sql } from 'drizzle-orm';
import { shiftStatusAt } from '@shared/practice/shift-constants';
import { builtOnce } from '../../db/built-once';
import { practices, professionals, shiftApplications, shifts } from '../../db/schema';
import { credentialStandingOf, type CredentialStanding } from './credential-check';
import type { Tx } from './db-transaction';
import { marketplaceErrors } from './marketplace-errors';

/**
 * A pending application to one of the practice's own shifts, with the shift, the applicant and
 * the practice's name and account: 404 when it is someone else's (or none), 409 when it was
 * already decided or withdrawn ('just filled' when the shift is filled now), 409 too when the
 * shift started unfilled (expired, even before the job has stored it).
 */
export async function pendingApplicationOfPractice(
  tx: Tx,
  practiceId: string,
  applicationId: string,
  now: Date,
) {
  const [found] = await tx
    .select(applicationColumns)
    .from(shiftApplications)
    .innerJoin(shifts, eq(shifts.id, shiftApplications.shiftId))
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .innerJoin(professionals, eq(professionals.id, shiftApplications.professionalId))
    .where(and(eq(shiftApplications.id, applicationId), eq(shifts.practiceId, practiceId)));
  return stillPending(found, now);
}

/**
 * pendingApplicationOfPractice for accepting it: the applicant's row is read FOR SHARE (before
 * the shift is locked, the order a suspension takes too: a suspension at the same moment either
 * comes first or waits for the booking), with their credential standing for the shift, in the
 * same statement.
 */
export async function applicationToAccept(
  tx: Tx,
  practiceId: string,
  applicationId: string,
  now: Date,
) {
  // Named and built once: its text is not built again on every call, and PostgreSQL parses it
  // once per connection and, after its first five runs, keeps its generic plan (planning it
  // cost 5 times running it).
  const [found] = await applicationToAcceptStatement(tx, { applicationId, practiceId });
  return stillPending(found, now);
}

const applicationColumns = {
  application: shiftApplications,
  shift: shifts,
  professional: professionals,
  practiceName: practices.practiceName,
  practiceUserId: practices.userId,
};

const applicationToAcceptStatement = builtOnce(
  (db) =>
    db
      .select({
        ...applicationColumns,
        credentials: sql<CredentialStanding | null>`(select ${credentialStandingOf(
          sql`${professionals.id}`,
        )} from shifts s where s.id = ${shifts.id})`,
      })
      .from(shiftApplications)
      .innerJoin(shifts, eq(shifts.id, shiftApplications.shiftId))
      .innerJoin(practices, eq(practices.id, shifts.practiceId))
      .innerJoin(professionals, eq(professionals.id, shiftApplications.professionalId))
      .where(
        and(
          eq(shiftApplications.id, sql.placeholder('applicationId')),
          eq(shifts.practiceId, sql.placeholder('practiceId')),
        ),
      )
      .for('share', { of: professionals }),
  'application_to_accept',
);

/** The application found, if it is still pending and its shift has not started unfilled. */
function stillPending<
  T extends {
    application: { status: string };
    shift: Parameters<typeof shiftStatusAt>[0];
  },
>(found: T | undefined, now: Date): T {
  if (!found) throw marketplaceErrors.applicationNotFound();
  if (found.application.status !== 'pending') {
    // Declined because another accept filled the shift a moment ago: say so, in the practice's
    // words (the professional's 'another professional has just booked' is not theirs).
    if (found.shift.status === 'filled') throw marketplaceErrors.alreadyFilled();
    throw marketplaceErrors.notPending();
  }
  if (shiftStatusAt(found.shift, now) === 'expired') throw marketplaceErrors.notOpen();
  return found;
}

/**
 * Records the practice's decision on an application that is still pending. A withdrawal at the
 * same moment either went first (409, the caller's transaction is undone) or waits and then
 * finds the application decided.
 */
export async function decideApplication(
  tx: Tx,
  applicationId: string,
  decision: 'accepted' | 'declined',
  now: Date,
): Promise<void> {
  const [decided] = await tx
    .update(shiftApplications)
    .set({ status: decision, decidedAt: now, updatedAt: now })
    .where(and(eq(shiftApplications.id, applicationId), eq(shiftApplications.status, 'pending')))
    .returning({ id: shiftApplications.id });
  if (!decided) throw marketplaceErrors.notPending();
}
