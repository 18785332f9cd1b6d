import { and, eq, sql } from 'drizzle-orm';
import { builtOnce, nowValue } from '../../db/built-once';
import { practices, shifts } from '../../db/schema';
import { practiceOpenTo } from '../matching/eligibility-sql';
import {
  assertCredentialsAllow,
  credentialStandingOf,
  type CredentialStanding,
} from './credential-check';
import { mayBookAtOnce, offeredNow } from '../trust/offer-rules';
import type { Tx } from './db-transaction';
import type { ProfessionalActor } from './marketplace-actors';
import { marketplaceErrors } from './marketplace-errors';

const pid = sql`${sql.placeholder('professionalId')}::uuid`;

/** One statement: the shift, its practice, and the professional's standing for it. */
const shiftToTakeStatement = builtOnce(
  (db) =>
    db
      .select({
        shift: shifts,
        practiceName: practices.practiceName,
        practiceUserId: practices.userId,
        standing: sql<{
          offered: boolean;
          atOnce: boolean;
          credentials: CredentialStanding | null;
        }>`(select json_build_object('offered', ${offeredNow(pid, nowValue)},
          'atOnce', ${mayBookAtOnce(pid)}, 'credentials', ${credentialStandingOf(pid)})
        from shifts s where s.id = ${shifts.id})`,
      })
      .from(shifts)
      .innerJoin(practices, eq(practices.id, shifts.practiceId))
      .where(
        and(eq(shifts.id, sql.placeholder('shiftId')), practiceOpenTo(shifts.practiceId, pid)),
      ),
  'shift_to_take',
);

/**
 * The shift a professional wants to apply for or book, with its practice's name and account:
 * 404 when there is no such shift, or when its practice may not reach them (not verified by
 * ChairFill, or blocked by either side: the same answer as an unknown shift, so a block stays
 * private) or when it is offered to the practice's favourites first and they are not one yet;
 * 409 when it is not for the position their role works, or when a required credential of theirs
 * has lapsed by its date or they do not hold one of its requirements (the message says which).
 * Says whether they may book it at once.
 */
export async function shiftToTake(
  tx: Tx,
  shiftId: string,
  professional: ProfessionalActor,
  now: Date = new Date(),
) {
  // Named and built once: its text is not built again on every call, and PostgreSQL parses it
  // once per connection and, after its first five runs, keeps its generic plan (its planning
  // cost 10 times its running).
  const [found] = await shiftToTakeStatement(tx, {
    shiftId,
    professionalId: professional.id,
    now: now.toISOString(),
  });
  if (!found) throw marketplaceErrors.shiftNotFound();
  if (found.shift.position !== professional.position) throw marketplaceErrors.wrongPosition();
  const { standing, ...shiftAndPractice } = found;
  // Who gets it first (decision record 022): a favourites-first shift is unknown to everyone
  // else until its time is over, like on their board.
  if (!standing.offered) throw marketplaceErrors.shiftNotFound();
  // Credentials (decision record 022): a lapsed required one, or a requirement not held: 409
  // naming it.
  assertCredentialsAllow(standing.credentials);
  /** Whether they may book it at once ('Instant book' for them), else they apply. */
  return { ...shiftAndPractice, mayBookAtOnce: Boolean(standing.atOnce) };
}

/** 409 unless the shift is still open and has not started yet. */
export function assertStillOpen(shift: { status: string; startsAt: Date }, now: Date): void {
  if (shift.status !== 'open') throw marketplaceErrors.notOpen();
  if (shift.startsAt <= now) throw marketplaceErrors.alreadyStarted();
}
