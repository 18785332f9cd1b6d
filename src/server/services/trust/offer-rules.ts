import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { shift } from '../matching/eligibility-sql';

/**
 * Who gets a shift first (decision record 022), as SQL over the shift alias `s` (like
 * eligibility-sql.ts): a favourites-first shift reaches only the practice's favourites until
 * its time is over, and an 'Instant book' shift limited to favourites or to a minimum rating is
 * booked at once only by them (everyone else applies).
 */

/** Whether the professional is one of the shift's practice's favourites. */
export function isFavouriteOf(professionalId: SQLWrapper): SQL {
  return sql`exists (select 1 from favourites f_of
    where f_of.practice_id = ${shift.practiceId} and f_of.professional_id = ${professionalId})`;
}

/** The shift is offered to the professional now: to everyone, or they are a favourite. */
export function offeredNow(professionalId: SQLWrapper, now: Date | SQL): SQL {
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now;
  return sql`(s.favourites_first_until is null
    or s.favourites_first_until <= ${at}
    or ${isFavouriteOf(professionalId)})`;
}

/**
 * `offeredNow` for one professional's board, on the board index's own columns: their
 * favourite practices read once per query.
 */
export function boardOffered(professionalId: SQLWrapper, now: SQLWrapper): SQL {
  return sql`(s.favourites_first_until is null
    or s.favourites_first_until <= ${now}
    or ${shift.practiceId} = any(array(select f_my.practice_id from favourites f_my
      where f_my.professional_id = ${professionalId})))`;
}

/** The professional's average rating from practices, in tenths of a star (null: none yet). */
export function ratingTenthsOf(professionalId: SQLWrapper): SQL {
  return sql`(select avg(r_of.stars) * 10 from ratings r_of
    where r_of.professional_id = ${professionalId} and r_of.rater_side = 'practice')`;
}

/**
 * An 'Instant book' shift the professional may book at once (everyone else applies). `rating`
 * is their rating in tenths when the caller has read it once already (a board of many shifts).
 */
export function mayBookAtOnce(
  professionalId: SQLWrapper,
  rating: SQL = ratingTenthsOf(professionalId),
): SQL {
  return sql`(s.booking_mode = 'instant' and (s.instant_book_for = 'everyone'
    or (s.instant_book_for = 'favourites' and ${isFavouriteOf(professionalId)})
    or (s.instant_book_for = 'min_rating'
      and coalesce(${rating}, 0) >= s.instant_book_min_rating_tenths)))`;
}
