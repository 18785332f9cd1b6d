import { sql, type SQL } from 'drizzle-orm';
import { BOOST_TOLD_LIMIT } from '@shared/fill/boost-constants';
import { queryRows, type Database } from '../../db/client';
import { hasAlertSlotLeft } from '../../notifications/alert-slots';
import {
  bookedAtShiftTime,
  credentialsAllow,
  fittingWindows,
  meetsMinimumRate,
  milesToTenth,
  practiceOpenTo,
  professional,
  shift,
  shiftDistanceMiles,
  shiftProfessionalRole,
  widenedTravelDistanceMiles,
  withinBoundingBox,
} from '../matching/eligibility-sql';

/** A professional a boost tells, with what their notice says of the distance. */
export interface BoostRecipient {
  professionalId: string;
  userId: string;
  /** Miles from their home to the shift, to the tenth (null: no home set). */
  miles: number | null;
  travelDistanceMiles: number | null;
}

/**
 * Whom a boost tells:
 * - `rate`: the professionals the new rate newly reaches: within their travel distance and
 *   availability, whose minimum the old rate (`rateCentsBefore`) missed and the new one meets,
 *   never told of the shift before (match_notices) and without an application on it (applicants
 *   are told of the new terms by the change itself);
 * - `widen`: its best matches as the backfill ranks them (favourites, earlier applicants, then
 *   the nearest), with everyone in the widen ring (up to WIDEN_* miles beyond their travel
 *   distance: @shared/fill/why-not-constants) meeting their minimum rate and availability,
 *   never told of the shift before;
 * - `urgent`: the same best matches, told of it before or not (urgent is news even to them).
 * Never: a professional with a pending or declined application or any booking on the shift,
 * anyone not verified, of another role, blocked either way, whose credentials do not allow it,
 * booked elsewhere then, or at their daily alert cap for the New Jersey day of `now`. At most
 * BOOST_TOLD_LIMIT, best first. The ring's candidates are gathered first (a materialized CTE)
 * and then looked up by id, as the backfill does (services/trust/backfill.ts).
 */
export async function boostRecipients(
  db: Database,
  shiftId: string,
  boost: { kind: 'rate'; rateCentsBefore: number } | { kind: 'widen' } | { kind: 'urgent' },
  now: Date,
): Promise<BoostRecipient[]> {
  const id = sql`${shiftId}::uuid`;
  const nearby = (radius: SQL, rateRule: SQL) => sql`select p.id as professional_id,
        2 as rank
      from shifts s
      join professionals p
        on p.role = ${shiftProfessionalRole}
        and p.home_latitude is not null and p.home_longitude is not null
        and p.travel_distance_miles is not null
        and ${withinBoundingBox(professional.latitude, professional.longitude, shift.latitude, shift.longitude, radius)}
        and ${shiftDistanceMiles} <= ${radius}
        and ${rateRule}
        and exists (select 1 from ${fittingWindows})
      where s.id = ${id}`;
  const candidates =
    boost.kind === 'rate'
      ? nearby(
          sql`p.travel_distance_miles`,
          sql`${meetsMinimumRate} and coalesce(p.minimum_rate_cents, 0) > ${boost.rateCentsBefore}`,
        )
      : sql`select f.professional_id, 0 as rank
          from shifts s join favourites f on f.practice_id = s.practice_id where s.id = ${id}
        union all
        select a.professional_id, 1 from shift_applications a where a.shift_id = ${id}
        union all
        ${nearby(widenedTravelDistanceMiles, meetsMinimumRate)}`;
  const toldBefore =
    boost.kind === 'urgent'
      ? sql``
      : sql`union all select mn.professional_id from match_notices mn where mn.shift_id = ${id}`;
  const applicantsExcluded =
    boost.kind === 'rate'
      ? sql`select a.professional_id from shift_applications a where a.shift_id = ${id}`
      : sql`select a.professional_id from shift_applications a
          where a.shift_id = ${id} and a.status in ('pending', 'declined')`;
  const rows = await queryRows<{
    professional_id: string;
    user_id: string;
    miles: number | null;
    travel_distance_miles: number | null;
  }>(
    db,
    sql`with excluded as (
        ${applicantsExcluded}
        union all
        select b.professional_id from bookings b where b.shift_id = ${id}
        ${toldBefore}
      ), best as materialized (
        select professional_id, min(rank) as rank from (${candidates}) c
        where professional_id not in (select professional_id from excluded
          where professional_id is not null)
        group by professional_id
      )
      select p.id as professional_id, p.user_id,
        case when p.home_latitude is null or p.home_longitude is null then null
          else ${milesToTenth(shiftDistanceMiles)} end as miles,
        p.travel_distance_miles
      from best
      join professionals p on p.id = best.professional_id
      join shifts s on s.id = ${id}
      where p.status = 'verified'
        and p.role = ${shiftProfessionalRole}
        and ${practiceOpenTo(shift.practiceId, professional.id)}
        and ${credentialsAllow(professional.id, professional.role)}
        and not ${bookedAtShiftTime}
        and ${hasAlertSlotLeft(sql`p.id`, sql`p.daily_alert_cap`, now)}
      order by best.rank, miles nulls last, p.id
      limit ${BOOST_TOLD_LIMIT}`,
  );
  return rows.map((row) => ({
    professionalId: row.professional_id,
    userId: row.user_id,
    miles: row.miles === null ? null : Number(row.miles),
    travelDistanceMiles:
      row.travel_distance_miles === null ? null : Number(row.travel_distance_miles),
  }));
}
