import { and, eq, sql } from 'drizzle-orm';
import { hourlyRateBounds } from '@shared/hourly-rate-bounds';
import type { WhyNotChangeDto, WhyNotDto } from '@shared/fill/why-not';
import { dayTypeOf } from '@shared/fill/market-rate-constants';
import {
  WHY_NOT_KEPT_MS,
  WHY_NOT_RADIUS_MILES,
  WHY_NOT_RATE_ABOVE_BAND_CENTS,
  WHY_NOT_TIME_STEP_MINUTES,
  whyNotChangeKinds,
} from '@shared/fill/why-not-constants';
import { shiftMessages } from '@shared/practice/shifts';
import { whyNotMessages } from '@shared/fill/why-not-texts';
import { practiceDateOf } from '@shared/practice/shift-dates';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';
import { queryRows, type Database } from '../../db/client';
import { practices, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { keptAnswer } from '../kept-answer-registry';
import {
  professional,
  ruleFlag,
  ruleFlags,
  shift,
  shiftDistanceMiles,
  shiftProfessionalRole,
  withinBoundingBox,
} from '../matching/eligibility-sql';
import { marketBand } from './market-band';

/**
 * "Why isn't this filling?" for one of the practice's open shifts, as GET
 * /api/practice/shifts/{id}/why-not sends it: checked against the practice and the shift's state
 * on every read, then kept WHY_NOT_KEPT_MS per shift (or until the practice's shifts change).
 * Nothing here computes or stores the shift's reach (decision record 034): the count of those
 * reached is made by the same rules (eligibility-sql.ts, ruleFlags) and equals it.
 */
export async function whyNotFillingJson(
  ctx: ServiceContext,
  practiceId: string,
  userId: string,
  shiftId: string,
  now: Date = ctx.clock.now(),
): Promise<string> {
  const [row] = await ctx.db
    .select({
      status: shifts.status,
      startsAt: shifts.startsAt,
      position: shifts.position,
      latitude: shifts.latitude,
      longitude: shifts.longitude,
      verification: practices.verificationStatus,
    })
    .from(shifts)
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)));
  if (!row) throw new DomainError(404, 'shift_not_found', shiftMessages.notFound);
  if (row.status !== 'open' || row.startsAt <= now) {
    throw new DomainError(409, 'shift_not_open', whyNotMessages.notOpen);
  }
  if (row.verification !== 'verified') {
    throw new DomainError(409, 'practice_not_verified', whyNotMessages.practiceNotVerified);
  }
  return keptAnswer(ctx.db, 'why-not', [shiftId], async () => {
    const maxRateCents = await highestRateTried(ctx.db, practiceId, row, now);
    return {
      body: JSON.stringify(await explainShiftReach(ctx.db, shiftId, maxRateCents, now)),
      tags: [`practice:${practiceId}`, `user:${userId}`],
      expiresAt: now.getTime() + WHY_NOT_KEPT_MS,
    };
  });
}

/**
 * The rate the change of rate tries: the position's highest, or where the shift's area has a
 * market rate band, at most WHY_NOT_RATE_ABOVE_BAND_CENTS above its 75th percentile.
 */
async function highestRateTried(
  db: Database,
  practiceId: string,
  open: Pick<typeof shifts.$inferSelect, 'position' | 'latitude' | 'longitude' | 'startsAt'>,
  now: Date,
): Promise<number> {
  const bound = hourlyRateBounds[open.position].maxCents;
  const band = await marketBand(
    db,
    {
      practiceId,
      latitude: open.latitude,
      longitude: open.longitude,
      position: open.position,
      dayType: dayTypeOf(practiceDateOf(open.startsAt)),
    },
    now,
  );
  return band ? Math.min(bound, band.p75Cents + WHY_NOT_RATE_ABOVE_BAND_CENTS) : bound;
}

/** One version of the shift (as it is, or with one change) and how the population fares. */
interface VariantRow {
  kind: 'now' | 'rate' | 'time' | 'drop_requirement' | 'widen';
  step: number;
  requirement: string | null;
  start_minute: number;
  end_minute: number;
  population: number;
  reached: number;
  able: number;
  distance: number;
  minimum_rate: number;
  availability: number;
  credentials: number;
  blocks: number;
  booked_then: number;
  more: number;
  top_rate_cents: number | null;
  top_beyond_miles: number | null;
}

const radius = sql`greatest(${WHY_NOT_RADIUS_MILES}::float8, coalesce(${professional.travelDistanceMiles}, 0)::float8)`;
const wallClock = (instant: string, minutes: string) =>
  sql.raw(
    `((${instant} at time zone '${PRACTICE_TIME_ZONE}' + ${minutes} * interval '1 minute') at time zone '${PRACTICE_TIME_ZONE}')`,
  );

/**
 * The answer, in one statement: the population (verified professionals of the shift's role with
 * a home within WHY_NOT_RADIUS_MILES, or farther but within their own travel distance, so every
 * professional reached is in it), each judged once by ruleFlags against the shift as it is; then
 * each change tried (the rate raised to the position's bound, the hours an hour earlier and later
 * on the same day and not in the past, each requirement dropped, the distance widened) judges
 * again only the rules it changes (ruleFlag), for those no other rule leaves out. A change's gain
 * is how many more professionals could take it: failing none of the six rules.
 */
export async function explainShiftReach(
  db: Database,
  shiftId: string,
  maxRateCents: number,
  now: Date,
): Promise<WhyNotDto> {
  const step = WHY_NOT_TIME_STEP_MINUTES;
  const columns = sql.raw(
    'b.id, b.practice_id, b.position, b.latitude, b.longitude, b.requirements, b.local_day',
  );
  const rows = await queryRows<VariantRow>(
    db,
    sql`with base as (
        select id, practice_id, position, latitude, longitude, requirements, local_day, rate_cents,
          starts_at, ends_at, local_start_minute, local_end_minute
        from shifts where id = ${shiftId}
      ), variant as (
        select 'widen'::text as kind, 0 as step, null::text as requirement, ${columns},
          b.rate_cents, b.starts_at, b.ends_at, b.local_start_minute, b.local_end_minute
        from base b
        union all
        select 'rate', 0, null, ${columns}, ${maxRateCents}::int, b.starts_at, b.ends_at,
          b.local_start_minute, b.local_end_minute
        from base b where b.rate_cents < ${maxRateCents}
        union all
        select 'time', t.step, null, ${columns}, b.rate_cents,
          ${wallClock('b.starts_at', 't.step')}, ${wallClock('b.ends_at', 't.step')},
          b.local_start_minute + t.step, b.local_end_minute + t.step
        from base b cross join (values (${-step}::int), (${step}::int)) as t(step)
        where b.local_start_minute + t.step >= 0 and b.local_end_minute + t.step < 1440
          and ${wallClock('b.starts_at', 't.step')} > ${now.toISOString()}::timestamptz
        union all
        select 'drop_requirement', r.n::int, r.key, b.id, b.practice_id, b.position, b.latitude,
          b.longitude, array_remove(b.requirements, r.key), b.local_day, b.rate_cents,
          b.starts_at, b.ends_at, b.local_start_minute, b.local_end_minute
        from base b cross join unnest(b.requirements) with ordinality as r(key, n)
      ), near as materialized (
        select p.id, p.role, p.home_latitude, p.home_longitude, p.travel_distance_miles,
          p.minimum_rate_cents, p.availability
        from base s
        join professionals p
          on p.status = 'verified'
          and p.role = ${shiftProfessionalRole}
          and p.home_latitude is not null and p.home_longitude is not null
          and ${withinBoundingBox(professional.latitude, professional.longitude, shift.latitude, shift.longitude, radius)}
          and ${shiftDistanceMiles} <= ${radius}
          -- A professional's block of the practice is private (the practice is never told): they
          -- are left out of the population, as if they did not exist, not counted under blocks.
          and not exists (select 1 from blocks bl where bl.practice_id = s.practice_id
            and bl.professional_id = p.id and bl.blocked_by = 'professional')
      ), judged as materialized (
        select p.*, ${shiftDistanceMiles} - p.travel_distance_miles as beyond_miles, ${ruleFlags}
        from base s cross join near p
      ), counted as (
        select j.*, r.reach_fails, r.reach_fails + j.booked_then::int as fails
        from judged j
        cross join lateral (select j.far::int + j.below_minimum_rate::int + j.unavailable::int
          + j.missing_credentials::int + j.blocked::int as reach_fails) r
      ), tried as (
        select s.kind, s.step, s.requirement, p.minimum_rate_cents, p.beyond_miles,
          p.fails = 0 as able_now,
          case s.kind
            when 'widen' then p.fails - p.far::int + p.far_widened::int = 0
            when 'rate' then case when p.fails - p.below_minimum_rate::int > 0 then false
              else not (${ruleFlag.belowMinimumRate}) end
            when 'time' then case
              when p.far or p.below_minimum_rate or p.missing_credentials or p.blocked then false
              else not (${ruleFlag.unavailable}) and not (${ruleFlag.bookedThen}) end
            when 'drop_requirement' then case
              when p.fails - p.missing_credentials::int > 0 then false
              when not p.missing_credentials then true
              else not (${ruleFlag.missingCredentials}) end
          end as able
        from variant s cross join counted p
      )
      select 'now' as kind, 0 as step, null as requirement, null::int as start_minute,
        null::int as end_minute,
        count(*)::int as population,
        count(*) filter (where c.reach_fails = 0)::int as reached,
        count(*) filter (where c.fails = 0)::int as able,
        count(*) filter (where c.fails = 1 and c.far)::int as distance,
        count(*) filter (where c.fails = 1 and c.below_minimum_rate)::int as minimum_rate,
        count(*) filter (where c.fails = 1 and c.unavailable)::int as availability,
        count(*) filter (where c.fails = 1 and c.missing_credentials)::int as credentials,
        count(*) filter (where c.fails = 1 and c.blocked)::int as blocks,
        count(*) filter (where c.fails = 1 and c.booked_then)::int as booked_then,
        count(*) filter (where c.fails >= 2)::int as more,
        null::int as top_rate_cents, null::float8 as top_beyond_miles
      from counted c
      union all
      select v.kind, v.step, v.requirement, v.local_start_minute, v.local_end_minute,
        0, 0, count(*) filter (where t.able)::int, 0, 0, 0, 0, 0, 0, 0,
        max(t.minimum_rate_cents) filter (where t.able and not t.able_now),
        max(t.beyond_miles) filter (where t.able and not t.able_now)
      from variant v
      left join tried t on t.kind = v.kind and t.step = v.step
        and t.requirement is not distinct from v.requirement
      group by v.kind, v.step, v.requirement, v.local_start_minute, v.local_end_minute`,
  );
  const current = rows.find((row) => row.kind === 'now');
  if (!current) throw new Error(`shift ${shiftId} vanished while explained`);
  return {
    population: current.population,
    reached: current.reached,
    leftOutBy: {
      distance: current.distance,
      minimumRate: current.minimum_rate,
      availability: current.availability,
      credentials: current.credentials,
      blocks: current.blocks,
      bookedThen: current.booked_then,
    },
    leftOutByMore: current.more,
    bestChange: bestChange(rows, current.able),
  };
}

/**
 * The change with the largest gain (ties: whyNotChangeKinds' order, then the earlier hour, the
 * first requirement).
 */
function bestChange(rows: VariantRow[], ableNow: number): WhyNotChangeDto | null {
  const tried = rows
    .filter(
      (row): row is VariantRow & { kind: (typeof whyNotChangeKinds)[number] } => row.kind !== 'now',
    )
    .sort(
      (a, b) =>
        whyNotChangeKinds.indexOf(a.kind) - whyNotChangeKinds.indexOf(b.kind) || a.step - b.step,
    );
  let best: { row: (typeof tried)[number]; gain: number } | null = null;
  for (const row of tried) {
    const gain = row.able - ableNow;
    if (gain > 0 && (!best || gain > best.gain)) best = { row, gain };
  }
  if (!best) return null;
  const { row, gain } = best;
  switch (row.kind) {
    case 'rate':
      return { kind: 'rate', rateCents: Number(row.top_rate_cents), gain };
    case 'time':
      return {
        kind: 'time',
        startTime: clockOf(row.start_minute),
        endTime: clockOf(row.end_minute),
        gain,
      };
    case 'drop_requirement':
      return { kind: 'drop_requirement', requirement: row.requirement!, gain };
    case 'widen':
      return { kind: 'widen', miles: Math.max(1, Math.ceil(Number(row.top_beyond_miles))), gain };
  }
}

/** Minutes after midnight as 'HH:MM' (the edit form's time). */
function clockOf(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
