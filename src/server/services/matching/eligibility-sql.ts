import { sql, type SQL } from 'drizzle-orm';
import { weekDays } from '@shared/professional/availability';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';

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
 *   weekday (the shift starts and ends on the same local day; DST handled by AT TIME ZONE).
 */

const EARTH_RADIUS_MILES = 3958.8;
/** A degree of latitude is ~69.09 miles; dividing by a little less makes the box a little larger. */
const MILES_PER_DEGREE = 69;

/** The shift's columns (alias `s`). */
export const shift = {
  id: sql.raw('s.id'),
  latitude: sql.raw('s.latitude'),
  longitude: sql.raw('s.longitude'),
  position: sql.raw('s.position'),
  status: sql.raw('s.status'),
  startsAt: sql.raw('s.starts_at'),
  endsAt: sql.raw('s.ends_at'),
  rateCents: sql.raw('s.rate_cents'),
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
  const latitudeSpan = sql`(${radiusMiles} / ${sql.raw(String(MILES_PER_DEGREE))}.0)`;
  const longitudeSpan = sql`(${radiusMiles} / (${sql.raw(String(MILES_PER_DEGREE))}.0 * greatest(cos(radians(${centreLatitude})), 0.01)))`;
  return sql`(${latitude} between ${centreLatitude} - ${latitudeSpan} and ${centreLatitude} + ${latitudeSpan}
    and ${longitude} between ${centreLongitude} - ${longitudeSpan} and ${centreLongitude} + ${longitudeSpan})`;
}

/** The shift position a professional's role works, as SQL over `p.role`. */
export const professionalShiftPosition = sql`(case ${professional.role}
  when 'hygienist' then 'Hygienist'
  when 'assistant' then 'Dental Assistant'
  when 'front-desk' then 'Front Desk' end)`;

/** An open shift that has not started yet. */
export function isOpenFutureShift(now: Date): SQL {
  return sql`(${shift.status} = 'open' and ${shift.startsAt} > ${now.toISOString()}::timestamptz)`;
}

const zone = sql.raw(`'${PRACTICE_TIME_ZONE}'`);
const localStart = sql`(${shift.startsAt} at time zone ${zone})`;
const localEnd = sql`(${shift.endsAt} at time zone ${zone})`;
const dayNames = sql.raw(`array[${weekDays.map((day) => `'${day}'`).join(', ')}]::text[]`);

/**
 * The professional's availability entries (jsonb objects {day, startTime, endTime}) the shift
 * falls in: same weekday (ISO: Monday = 1), start at or after the window's start, end at or before
 * its end, both on the same New Jersey calendar day. Use as `from <this> as w(entry)`.
 */
export const fittingWindows = sql`jsonb_array_elements(
    case when jsonb_typeof(${professional.availability}) = 'array'
      then ${professional.availability} else '[]'::jsonb end
  ) as w(entry)
  where array_position(${dayNames}, w.entry->>'day') = extract(isodow from ${localStart})
    and ${localEnd}::date = ${localStart}::date
    and ${localStart}::time >= (w.entry->>'startTime')::time
    and ${localEnd}::time <= (w.entry->>'endTime')::time`;

/** The rate rule: at or above the professional's minimum (none set: every rate). */
export const meetsMinimumRate = sql`(${shift.rateCents} >= coalesce(${professional.minimumRateCents}, 0))`;
