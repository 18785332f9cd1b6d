import { formatShiftMoment } from '@shared/date-format';
import { postingTexts } from '@shared/trust/favourites';
import type { NewShift } from '@shared/practice/shifts';
import { notifyTrust } from '../../notifications/trust-messages';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import type { Tx } from '../marketplace/db-transaction';
import type { ShiftRow } from '../marketplace/fill-shift';
import { toShiftSummary } from '../marketplace/shift-summary';
import { favouritesFor, hasFavourites } from './favourites';

const HOUR_MS = 3_600_000;

function refuse(message: string): DomainError {
  return new DomainError(400, 'validation_failed', message, { favouritesFirstHours: message });
}

/**
 * When a new request stops being offered to the practice's favourites only: `hours` after
 * posting, or null when it goes to everyone at once. Refused when the practice has no
 * favourite, or when the time would not end before the first date starts.
 */
export async function favouritesFirstEnd(
  tx: Tx,
  practiceId: string,
  input: Pick<NewShift, 'favouritesFirstHours'>,
  dates: ReadonlyArray<{ start: Date }>,
  now: Date,
): Promise<Date | null> {
  if (input.favouritesFirstHours === 0) return null;
  if (!(await hasFavourites(tx, practiceId))) {
    throw refuse(postingTexts.favouritesFirstNeedsFavourites);
  }
  const until = new Date(now.getTime() + input.favouritesFirstHours * HOUR_MS);
  if (dates.some((date) => date.start <= until)) throw refuse(postingTexts.favouritesFirstTooLong);
  return until;
}

/**
 * Tells the practice's favourites who work the position (verified, neither side blocked) of a
 * request offered to them first, in the posting's transaction: one notice for the first date
 * (the request's other dates are on their board beside it).
 */
export async function offerToFavourites(
  ctx: ServiceContext,
  tx: Tx,
  practiceId: string,
  rows: ShiftRow[],
  practiceName: string,
): Promise<void> {
  const first = rows[0];
  if (!first?.favouritesFirstUntil) return;
  const now = ctx.clock.now();
  const people = await favouritesFor(tx, practiceId, first.position, now);
  if (people.length === 0) return;
  await notifyTrust(tx, {
    kind: 'favourites_first',
    professionalUserIds: people.map((person) => person.userId),
    shift: toShiftSummary(first, practiceName, now),
    untilText: formatShiftMoment(first.favouritesFirstUntil),
  });
}
