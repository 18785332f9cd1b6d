import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { professionalRoles } from '@shared/accounts';
import { ALMOST_RATE_MIN_CENTS, ALMOST_RATE_SHARE } from '@shared/fill/almost-a-match-constants';
import { WIDEN_MAX_MILES, WIDEN_MIN_MILES, WIDEN_SHARE } from '@shared/fill/why-not-constants';
import { weekDays } from '@shared/professional/availability';
import { requiredCredentialKinds } from '@shared/trust/credentials';

/**
 * The matching rules, once, as SQL: the professional's Find Shifts board and the practice's
 * "reaches N verified professionals" both build their queries from these fragments, so the two
 * can never disagree. Both queries alias the shift `s` and the professional `p`.
 *
 * A shift fits a professional when
 * - it is open and starts in the future, for the position the professional works;
 * - the straight-line distance between the shift location's ZIP centroid and the professional's
 *   home ZIP centroid is at most their travel distance (the board may widen it);
 * - its rate is at least their minimum rate (no minimum: any rate; the board may drop the rule);
 * - its New Jersey wall-clock start and end lie inside their availability window for that
 *   weekday (the shift starts and ends on the same local day; DST handled by AT TIME ZONE in
 *   the shift's generated columns local_day, local_start_minute, local_end_minute).
 */

const EARTH_RADIUS_MILES = 3958.8;
/** A degree of latitude is ~69.09 miles; dividing by a little less makes the box a little larger. */
export const MILES_PER_DEGREE = 69;

/** The shift's columns (alias `s`). */
export const shift = {
  id: sql.raw('s.id'),
  practiceId: sql.raw('s.practice_id'),
  latitude: sql.raw('s.latitude'),
  longitude: sql.raw('s.longitude'),
  position: sql.raw('s.position'),
  status: sql.raw('s.status'),
  startsAt: sql.raw('s.starts_at'),
  endsAt: sql.raw('s.ends_at'),
  rateCents: sql.raw('s.rate_cents'),
  /** New Jersey weekday and wall-clock minutes (generated columns, schema/shifts.ts). */
  localDay: sql.raw('s.local_day'),
  localStartMinute: sql.raw('s.local_start_minute'),
  localEndMinute: sql.raw('s.local_end_minute'),
};

/** The professional's columns (alias `p`). */
export const professional = {
  id: sql.raw('p.id'),
  role: sql.raw('p.role'),
  status: sql.raw('p.status'),
  latitude: sql.raw('p.home_latitude'),
  longitude: sql.raw('p.home_longitude'),
  travelDistanceMiles: sql.raw('p.travel_distance_miles'),
  minimumRateCents: sql.raw('p.minimum_rate_cents'),
  availability: sql.raw('p.availability'),
};

/** Great-circle (haversine) distance in miles between two points given in degrees. */
export function haversineMiles(lat1: SQL, lon1: SQL, lat2: SQL, lon2: SQL): SQL {
  return sql`(${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(least(1, sqrt(
    power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lon2} - ${lon1}) / 2), 2)
  ))))`;
}

/**
 * A distance in miles to the tenth, as shown and as the board orders by (floating point: the
 * board's sort rounded thousands of candidates through numeric, 15 of a board's 87 ms).
 */
export function milesToTenth(miles: SQL): SQL {
  return sql`(floor(${miles} * 10 + 0.5) / 10)`;
}

/** The shift–home distance in miles. */
export const shiftDistanceMiles = haversineMiles(
  professional.latitude,
  professional.longitude,
  shift.latitude,
  shift.longitude,
);

/**
 * A cheap prefilter on plain latitude/longitude comparisons (an index on the coordinates can
 * serve it): the square of `radiusMiles` around the centre, which contains the circle.
 */
export function withinBoundingBox(
  latitude: SQL,
  longitude: SQL,
  centreLatitude: SQL,
  centreLongitude: SQL,
  radiusMiles: SQL,
): SQL {
  // In floating point: an integer radius divided by 69.0 was numeric arithmetic, the dearest part
  // of comparing every professional of a role with a shift (a backfill, a reach count).
  const milesPerDegree = sql.raw(`${MILES_PER_DEGREE}::float8`);
  const latitudeSpan = sql`(${radiusMiles}::float8 / ${milesPerDegree})`;
  const longitudeSpan = sql`(${radiusMiles}::float8 / (${milesPerDegree} * greatest(cos(radians(${centreLatitude})), 0.01)))`;
  return sql`(${latitude} between ${centreLatitude} - ${latitudeSpan} and ${centreLatitude} + ${latitudeSpan}
    and ${longitude} between ${centreLongitude} - ${longitudeSpan} and ${centreLongitude} + ${longitudeSpan})`;
}

/** The shift position a professional's role works, as SQL over `p.role`. */
export const professionalShiftPosition = sql`(case ${professional.role}
  when 'hygienist' then 'Hygienist'
  when 'assistant' then 'Dental Assistant'
  when 'front-desk' then 'Front Desk' end)`;

/** The professional role that works the shift's position, as SQL over `s.position`. */
export const shiftProfessionalRole = sql`(case ${shift.position}
  when 'Hygienist' then 'hygienist'
  when 'Dental Assistant' then 'assistant'
  when 'Front Desk' then 'front-desk' end)`;

/** An open shift that has not started yet (`now` may be a prepared statement's placeholder). */
export function isOpenFutureShift(now: Date | Placeholder): SQL {
  const instant = now instanceof Date ? now.toISOString() : now;
  return sql`(${shift.status} = 'open' and ${shift.startsAt} > ${instant}::timestamptz)`;
}

const dayNames = sql.raw(`array[${weekDays.map((day) => `'${day}'`).join(', ')}]::text[]`);

/**
 * The professional's availability entries (jsonb objects {day, startTime, endTime}) as rows of
 * `w(entry)`, with the window as integers: `day` (ISO weekday, Monday = 1), `start_minute` and
 * `end_minute` (minutes after midnight). Use as `from <this>` or in a lateral join; `w.entry`
 * keeps the texts the board shows.
 */
export const availabilityWindows = sql`jsonb_array_elements(
    case when jsonb_typeof(${professional.availability}) = 'array'
      then ${professional.availability} else '[]'::jsonb end
  ) as w(entry)
  cross join lateral (select
    array_position(${dayNames}, w.entry->>'day') as day,
    (extract(epoch from (w.entry->>'startTime')::time) / 60)::int as start_minute,
    (extract(epoch from (w.entry->>'endTime')::time) / 60)::int as end_minute) as wm`;

/**
 * The shift falls in the window: same weekday, start at or after the window's start, end at or
 * before its end, both on the same New Jersey calendar day. The shift's side is precomputed in
 * the database (shifts.local_day, local_start_minute rounded down, local_end_minute rounded up
 * and 1440 or more past midnight: schema/shifts.ts), so this is the wall-clock rule of
 * `AT TIME ZONE` compared as integers, exactly (the windows are whole hours).
 */
export function fitsWindow(day: SQL, startMinute: SQL, endMinute: SQL): SQL {
  return sql`(${shift.localDay} = ${day}
    and ${shift.localStartMinute} >= ${startMinute}
    and ${shift.localEndMinute} <= ${endMinute})`;
}

/**
 * The professional's availability entries the shift falls in. Use as `from <this>` (e.g.
 * `exists (select 1 from <this>)`).
 */
export const fittingWindows = sql`${availabilityWindows}
  where ${fitsWindow(sql`wm.day`, sql`wm.start_minute`, sql`wm.end_minute`)}`;

/** The rate rule: at or above the professional's minimum (none set: every rate). */
export const meetsMinimumRate = sql`(${shift.rateCents} >= coalesce(${professional.minimumRateCents}, 0))`;

/**
 * The rate ring of "Almost a match": at or above the professional's minimum less the greater of
 * ALMOST_RATE_MIN_CENTS and ALMOST_RATE_SHARE of it (@shared/fill/almost-a-match-constants; none
 * set: every rate). Contains `meetsMinimumRate`.
 */
export const withinMinimumRateRing = sql`(${shift.rateCents} >= coalesce(
    ${professional.minimumRateCents} - greatest(${sql.raw(String(ALMOST_RATE_MIN_CENTS))},
      ${professional.minimumRateCents} * ${sql.raw(String(ALMOST_RATE_SHARE))}), 0))`;

/**
 * Whether a practice's shifts may reach a professional at all (decision record 021): ChairFill
 * has verified the practice, and neither side has blocked the other. For one pair per row
 * (apply, book, notices); `closedPracticesFor` is the same rule for one professional's board.
 */
export function practiceOpenTo(practiceId: SQLWrapper, professionalId: SQLWrapper): SQL {
  return sql`exists (select 1 from practices pr_open
      where pr_open.id = ${practiceId} and ${practiceRowOpenTo(sql.raw('pr_open'), professionalId)})`;
}

/**
 * `practiceOpenTo` for a query that reads the practices table itself (alias `practice`): the
 * same rule on the row at hand, where the lookup by id made the planner read every practice.
 */
export function practiceRowOpenTo(practice: SQL, professionalId: SQLWrapper): SQL {
  return sql`(${practice}.verification_status = 'verified'
    and not exists (select 1 from blocks bl
      where bl.practice_id = ${practice}.id and bl.professional_id = ${professionalId}))`;
}

/**
 * The practices whose shifts may not reach this professional (the negation of
 * `practiceOpenTo`, as one subquery read once per query): not verified, or blocked either way.
 * Use as `s.practice_id not in (<this>)`: a hashed subplan, where `<> all(array(...))` compared
 * each shift with every unverified practice (200 at the xl market: 13 of a board's 87 ms).
 */
export function closedPracticesFor(professionalId: SQLWrapper): SQL {
  return sql`select pr_closed.id from practices pr_closed
    where pr_closed.verification_status <> 'verified'
    union all
    select bl.practice_id from blocks bl where bl.professional_id = ${professionalId}`;
}

/**
 * The New Jersey calendar date at `now` (a timestamptz): what a credential's expiry is compared
 * with today.
 */
export function practiceDateAt(now: SQLWrapper): SQL {
  return sql`((${now} at time zone 'America/New_York')::date)`;
}

/**
 * The New Jersey calendar date a shift starts on: the date a credential must still be valid on.
 * (The zone is PRACTICE_TIME_ZONE, spelled out as in schema/shifts.ts.)
 */
export const shiftLocalDate = sql.raw(`((s.starts_at at time zone 'America/New_York')::date)`);

/** The ticked profile flags that are skills a shift can require, as '<group>:<key>' rows. */
function heldSkills(professionalId: SQLWrapper): SQL {
  return sql`select g.name || ':' || f.key
    from professionals p_held
    cross join lateral (values ('software', p_held.software), ('scanning', p_held.scanning),
      ('certifications', p_held.certifications), ('skills', p_held.skills)) as g(name, flags)
    cross join lateral jsonb_each(case when jsonb_typeof(g.flags) = 'object'
      then g.flags else '{}'::jsonb end) as f(key, value)
    where p_held.id = ${professionalId} and f.value = 'true'::jsonb`;
}

/**
 * The requirement keys (@shared/trust/requirements) a professional holds on a date, as an array:
 * the kinds of their credentials ChairFill verified that have not expired by then (an unknown
 * expiry counts as valid), and the skills ticked in their profile.
 */
export function heldRequirements(professionalId: SQLWrapper, onDate: SQLWrapper): SQL {
  return sql`array(
    select c_held.kind from credentials c_held
    where c_held.professional_id = ${professionalId} and c_held.status = 'verified'
      and (c_held.expires_on is null or c_held.expires_on >= ${onDate})
    union all ${heldSkills(professionalId)})`;
}

/**
 * The requirement rule, once (decision record 022): the professional holds every requirement of
 * the shift on its date. For one pair per row (reach, notices, apply, book);
 * `boardRequirements` is the same rule for one professional's board.
 */
export function meetsRequirements(
  requirements: SQLWrapper,
  professionalId: SQLWrapper,
  onDate: SQLWrapper,
): SQL {
  return sql`(cardinality(${requirements}) = 0
    or ${requirements} <@ ${heldRequirements(professionalId, onDate)})`;
}

/**
 * The requirements of the shift (alias `s`) the professional does not hold on its date, in the
 * shift's order: what keeps the shift from them.
 */
export function missingRequirements(professionalId: SQLWrapper): SQL {
  return sql`array(select r.key from unnest(s.requirements) with ordinality as r(key, n)
    where r.key <> all(${heldRequirements(professionalId, shiftLocalDate)}) order by r.n)`;
}

/**
 * `meetsRequirements` for one professional's board, checked on the board index's own columns
 * (requirements, starts_at) with arrays read once per query: the keys they hold today
 * (`heldRequirements` as of today) and, for each credential kind among them that lapses, the
 * last day one of that kind is valid. A shift is kept when every requirement is held today and
 * none lapses before the shift's date.
 */
export function boardRequirements(pid: SQLWrapper, now: SQLWrapper): SQL {
  const today = practiceDateAt(now);
  const lasting = sql`select c_last.kind, case when bool_or(c_last.expires_on is null) then null
        else max(c_last.expires_on) end as last_day
      from credentials c_last
      where c_last.professional_id = ${pid} and c_last.status = 'verified'
        and (c_last.expires_on is null or c_last.expires_on >= ${today})
      group by c_last.kind`;
  return sql`(case when cardinality(s.requirements) = 0 then true
    else s.requirements <@ ${heldRequirements(pid, today)}
      and not exists (select 1
        from unnest(array(select l.kind from (${lasting}) l where l.last_day is not null order by l.kind),
          array(select l.last_day from (${lasting}) l where l.last_day is not null order by l.kind))
          as lapse(kind, last_day)
        where lapse.kind = any(s.requirements) and lapse.last_day < ${shiftLocalDate})
    end)`;
}

/** A list of credential kinds as an SQL text array. */
export function kindsArray(kinds: readonly string[]): SQL {
  return kinds.length
    ? sql`array[${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
}

/** The required credential kinds of the role `role` (requiredCredentialKinds), as SQL. */
export function requiredKindsOfRole(role: SQLWrapper): SQL {
  return sql`(case ${role} ${sql.join(
    professionalRoles.map((r) => sql`when ${r} then ${kindsArray(requiredCredentialKinds[r])}`),
    sql` `,
  )} else '{}'::text[] end)`;
}

/**
 * The role's required credentials (@shared/trust/credentials, requiredCredentialKinds) that have
 * lapsed for the professional by `onDate` (default: the shift's date): a credential of that kind
 * expired before then, or the expiry ChairFill last verified for it passed (it was edited back to
 * review since: `verified_until`), and no verified one valid on that date is left. A kind never entered, or
 * entered without an expiry (accounts from before credentials), is not lapsed. Rows of
 * (kind, expired_on: the last expiry passed).
 */
export function lapsedRequiredCredentials(
  professionalId: SQLWrapper,
  requiredKinds: SQL,
  onDate: SQLWrapper = shiftLocalDate,
): SQL {
  return sql`select c_gone.kind, max(case when c_gone.expires_on < ${onDate} then c_gone.expires_on
        else c_gone.verified_until end)::text as expired_on
    from credentials c_gone
    where c_gone.professional_id = ${professionalId}
      and c_gone.kind = any(${requiredKinds})
      and (c_gone.expires_on < ${onDate} or c_gone.verified_until < ${onDate})
      and not exists (select 1 from credentials c_ok
        where c_ok.professional_id = c_gone.professional_id and c_ok.kind = c_gone.kind
          and c_ok.status = 'verified' and (c_ok.expires_on is null or c_ok.expires_on >= ${onDate}))
    group by c_gone.kind`;
}

/**
 * `lapsedRequiredCredentials` for one professional's board, read once per query: for each
 * required credential kind of their role that lapses on some date, its last valid day, as rows
 * of (kind, last_day). A kind is lapsed on a date D (lapsedRequiredCredentials) when one of its
 * credentials expired, or its verified expiry passed, before D, and no verified one without
 * an expiry or valid on D is left: that is D later than the greater of the earliest such expiry
 * and the latest verified expiry. A kind with a verified credential without an expiry, or
 * entered without any expiry, never lapses (no row). Compare `last_day < shiftLocalDate` on each
 * shift (no per-shift read of credentials).
 */
export function requiredCredentialLastDays(professionalId: SQLWrapper): SQL {
  return sql`select c_req.kind, greatest(min(least(c_req.expires_on, c_req.verified_until)),
        max(c_req.expires_on) filter (where c_req.status = 'verified')) as last_day
    from credentials c_req
    join professionals p_req on p_req.id = c_req.professional_id
    where c_req.professional_id = ${professionalId}
      and c_req.kind = any(${requiredKindsOfRole(sql.raw('p_req.role'))})
    group by c_req.kind
    having min(least(c_req.expires_on, c_req.verified_until)) is not null
      and not bool_or(c_req.status = 'verified' and c_req.expires_on is null)`;
}

/**
 * Whether the professional may take (be told of, apply for, book) the shift `s` as far as
 * credentials go: they hold its requirements on its date and none of their role's required
 * credentials has lapsed by then.
 */
export function credentialsAllow(professionalId: SQLWrapper, role: SQLWrapper): SQL {
  return sql`(${meetsRequirements(sql.raw('s.requirements'), professionalId, shiftLocalDate)}
    and not exists (${lapsedRequiredCredentials(professionalId, requiredKindsOfRole(role))}))`;
}

/**
 * The professional has a confirmed booking whose shift overlaps the shift `s` (issue 41: booking
 * refuses a second shift at the same time). The board reads the same rule from its `mine` rows
 * (list-shift-board.ts, `booked_at_this_time`).
 */
export const bookedAtShiftTime = sql`exists (select 1 from bookings b_then
    join shifts s_then on s_then.id = b_then.shift_id
    where b_then.professional_id = ${professional.id} and b_then.status = 'confirmed'
      and s_then.starts_at < ${shift.endsAt} and s_then.ends_at > ${shift.startsAt})`;

/**
 * How far beyond the professional's travel distance a widened reach goes, in miles: the greater
 * of WIDEN_MIN_MILES and WIDEN_SHARE of it, at most WIDEN_MAX_MILES (@shared/fill/why-not-constants).
 */
export const widenedExtraMiles = sql`least(${sql.raw(String(WIDEN_MAX_MILES))}::float8,
    greatest(${sql.raw(String(WIDEN_MIN_MILES))}::float8,
      ${professional.travelDistanceMiles}::float8 * ${sql.raw(String(WIDEN_SHARE))}))`;

/**
 * The outer edge of the widen ring: the professional's travel distance plus widenedExtraMiles
 * (null when they set no travel distance).
 */
export const widenedTravelDistanceMiles = sql`(${professional.travelDistanceMiles} + ${widenedExtraMiles})`;

/**
 * The rules of the reach (refreshShiftReach) and of booking at that time, each as the boolean a
 * professional `p` fails for the shift `s` (true: this rule leaves them out): `far` (beyond
 * their travel distance, or none set), `belowMinimumRate`, `unavailable` (no availability window
 * holds the shift), `missingCredentials` (a requirement not held on the shift's date, or a
 * required credential lapsed by then), `blocked` (the practice is not open to them: decision
 * record 021), `bookedThen` (bookedAtShiftTime), and `farWidened` (beyond their travel
 * distance plus widenedExtraMiles). The reach counts a professional who fails none of the first
 * five.
 */
export const ruleFlag = {
  far: sql`not coalesce(${shiftDistanceMiles} <= ${professional.travelDistanceMiles}, false)`,
  belowMinimumRate: sql`not ${meetsMinimumRate}`,
  unavailable: sql`not exists (select 1 from ${fittingWindows})`,
  missingCredentials: sql`not ${credentialsAllow(professional.id, professional.role)}`,
  blocked: sql`not ${practiceOpenTo(shift.practiceId, professional.id)}`,
  bookedThen: bookedAtShiftTime,
  farWidened: sql`not coalesce(${shiftDistanceMiles} <= ${widenedTravelDistanceMiles}, false)`,
};

/** ruleFlag as a select list, each named in snake case (`below_minimum_rate`). */
export const ruleFlags = sql.join(
  Object.entries(ruleFlag).map(
    ([name, flag]) =>
      sql`${flag} as ${sql.raw(name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))}`,
  ),
  sql`, `,
);
