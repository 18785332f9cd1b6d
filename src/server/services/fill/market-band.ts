import { sql } from 'drizzle-orm';
import {
  MARKET_BAND_MAX_PRACTICE_SHARE,
  MARKET_BAND_MIN_PRACTICES,
  MARKET_BAND_MIN_SHIFTS,
  MARKET_BAND_PERCENTILES,
  MARKET_BAND_RADIUS_MILES,
  MARKET_BAND_WINDOW_DAYS,
  type MarketDayType,
} from '@shared/fill/market-rate-constants';
import type { MarketBandDto } from '@shared/fill/shift-preview';
import { practiceDateOf } from '@shared/practice/shift-dates';
import type { ShiftPosition } from '@shared/practice/shift-constants';
import { queryRows, type Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { haversineMiles, shift, withinBoundingBox } from '../matching/eligibility-sql';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Bands kept per server and New Jersey day; past this many, the day's are forgotten at once. */
const MAX_KEPT_BANDS = 10_000;

/** Whose band, where, of which role and day type. */
export interface BandQuestion {
  /** The practice asking: its own shifts never count. */
  practiceId: string;
  /** Where its shift would be (the location's ZIP centroid); unknown: no band. */
  latitude: number | null;
  longitude: number | null;
  position: ShiftPosition;
  dayType: MarketDayType;
}

/*
 * The market rate band, defined here and nowhere else:
 * - counted: shifts of the position, filled or completed, of other practices than the asker,
 *   whose site is within MARKET_BAND_RADIUS_MILES of the asker's location, on the same day type
 *   (weekday, or Saturday and Sunday), whose filling booking was made in the last
 *   MARKET_BAND_WINDOW_DAYS days (market clock);
 * - shown only when at least MARKET_BAND_MIN_SHIFTS of them, of at least
 *   MARKET_BAND_MIN_PRACTICES practices, none holding more than MARKET_BAND_MAX_PRACTICE_SHARE
 *   of them: else no figure at all (a band of few practices would show one practice's rate);
 * - its figures are the 25th, 50th and 75th percentiles (interpolated) rounded to whole dollars;
 * - no radius, window or threshold is taken from the caller, and an answer is kept for the rest
 *   of the New Jersey day (per server), so asking again and again cannot isolate one booking.
 */

/** The band for `question` as of `now`, or null when there is not enough history. */
export async function marketBand(
  db: Database,
  question: BandQuestion,
  now: Date,
): Promise<MarketBandDto | null> {
  const { latitude, longitude } = question;
  if (latitude === null || longitude === null) return null;
  const kept = keptBands(db);
  const day = practiceDateOf(now);
  if (kept.day !== day || kept.bands.size >= MAX_KEPT_BANDS) {
    kept.day = day;
    kept.bands.clear();
  }
  const key = [question.practiceId, latitude, longitude, question.position, question.dayType].join(
    '|',
  );
  let band = kept.bands.get(key);
  if (!band) {
    band = computeMarketBand(db, { ...question, latitude, longitude }, now);
    kept.bands.set(key, band);
    // A failed computation is not kept: the next request tries again.
    band.catch(() => {
      if (kept.bands.get(key) === band) kept.bands.delete(key);
    });
  }
  return band;
}

/** The bands computed today on this server, by question (a promise: one computation per key). */
const keptBands = perDatabase(() => ({
  day: '',
  bands: new Map<string, Promise<MarketBandDto | null>>(),
}));

interface BandRow {
  shifts: number;
  practices: number;
  largest: number;
  p25: number | string | null;
  p50: number | string | null;
  p75: number | string | null;
}

/** The band, computed now in one statement (see the rules above). */
export async function computeMarketBand(
  db: Database,
  question: BandQuestion & { latitude: number; longitude: number },
  now: Date,
): Promise<MarketBandDto | null> {
  const from = new Date(now.getTime() - MARKET_BAND_WINDOW_DAYS * DAY_MS);
  const centreLatitude = sql`${question.latitude}::float8`;
  const centreLongitude = sql`${question.longitude}::float8`;
  const radius = sql.raw(`${MARKET_BAND_RADIUS_MILES}::float8`);
  const [p25, p50, p75] = MARKET_BAND_PERCENTILES.map((p) => sql.raw(String(p)));
  const [row] = await queryRows<BandRow>(
    db,
    sql`with filled as (
        select s.practice_id, s.rate_cents
        from shifts s
        -- The booking that fills it (one live booking per shift: bookings_one_live_per_shift).
        join bookings b on b.shift_id = s.id and b.status in ('confirmed', 'completed')
        where s.position = ${question.position}
          and s.status in ('filled', 'completed')
          and s.practice_id <> ${question.practiceId}
          and ${withinBoundingBox(shift.latitude, shift.longitude, centreLatitude, centreLongitude, radius)}
          and ${haversineMiles(shift.latitude, shift.longitude, centreLatitude, centreLongitude)} <= ${radius}
          and (${shift.localDay} >= 6) = ${question.dayType === 'weekend'}
          and b.created_at > ${from.toISOString()}::timestamptz
          and b.created_at <= ${now.toISOString()}::timestamptz
      ), per_practice as (
        select practice_id, count(*)::int as shifts from filled group by practice_id
      )
      select
        (select count(*) from filled)::int as shifts,
        (select count(*) from per_practice)::int as practices,
        (select coalesce(max(shifts), 0) from per_practice)::int as largest,
        (select percentile_cont(${p25}) within group (order by rate_cents) from filled) as p25,
        (select percentile_cont(${p50}) within group (order by rate_cents) from filled) as p50,
        (select percentile_cont(${p75}) within group (order by rate_cents) from filled) as p75`,
  );
  if (!row || !protectsEveryPractice(row)) return null;
  return {
    p25Cents: wholeDollars(row.p25),
    p50Cents: wholeDollars(row.p50),
    p75Cents: wholeDollars(row.p75),
    shifts: row.shifts,
    practices: row.practices,
    position: question.position,
    radiusMiles: MARKET_BAND_RADIUS_MILES,
    windowDays: MARKET_BAND_WINDOW_DAYS,
    dayType: question.dayType,
  };
}

/** Enough shifts of enough practices, none of which holds too large a share. */
function protectsEveryPractice(row: BandRow): boolean {
  return (
    row.shifts >= MARKET_BAND_MIN_SHIFTS &&
    row.practices >= MARKET_BAND_MIN_PRACTICES &&
    row.largest <= row.shifts * MARKET_BAND_MAX_PRACTICE_SHARE
  );
}

/** A rate in cents rounded to whole dollars. */
function wholeDollars(cents: number | string | null): number {
  return Math.round(Number(cents) / 100) * 100;
}
