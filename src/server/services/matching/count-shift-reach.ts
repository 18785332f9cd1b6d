import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { reachQueue } from '../../db/schema';
import {
  availabilityWindows,
  fitsWindow,
  fittingWindows,
  isOpenFutureShift,
  lapsedRequiredCredentials,
  meetsMinimumRate,
  meetsRequirements,
  professional,
  requiredKindsOfRole,
  shift,
  shiftDistanceMiles,
  shiftLocalDate,
  shiftProfessionalRole,
  withinBoundingBox,
} from './eligibility-sql';

/** The shift's matching inputs a stored reach was computed for (shift_reach has the same). */
const reachInputs = [
  'position',
  'latitude',
  'longitude',
  'local_day',
  'local_start_minute',
  'local_end_minute',
  'rate_cents',
] as const;

/**
 * The stored reach `r` of shift `s` can be shown: it was computed for the shift's inputs as they
 * are now (position, place, New Jersey day and minutes, rate). Its epoch may be older (a
 * professional changed since): a list still shows it, and queues it to be made again
 * (decision record 034).
 */
export const storedReachIsUsable = sql`r.shift_id = s.id and ${sql.join(
  reachInputs.map((column) => sql.raw(`r.${column} is not distinct from s.${column}`)),
  sql` and `,
)}`;

/**
 * The usable stored reach `r` was computed under an older epoch than the role's `e`
 * (matching_epochs, left joined on `e.role = shiftProfessionalRole`): a verified professional
 * of that role appeared, went or changed a matching field since.
 */
export const storedReachIsOld = sql`r.epoch <> coalesce(e.epoch, 0)`;

/**
 * Queues these shifts' reach to be computed after the caller's transaction commits (a posting
 * or an edit answers without waiting for it; decision record 030): the shift-reach job takes
 * them.
 */
export async function queueShiftReach(db: Database, shiftIds: string[]): Promise<void> {
  if (shiftIds.length === 0) return;
  await reachQueueInsert(db, shiftIds);
}

/** queueShiftReach's insert (one or more shifts), also as a part of a statement (`with`). */
export function reachQueueInsert(db: Database, shiftIds: string[]) {
  return db
    .insert(reachQueue)
    .values(shiftIds.map((shiftId) => ({ shiftId })))
    .onConflictDoNothing({ target: reachQueue.shiftId });
}

/**
 * Queues the shifts a read showed without a usable or current count (decision record 034), in
 * one statement. Those the read's snapshot sees queued already are left out before the conflict
 * check: a row the job has taken but not yet committed would otherwise hold the read until the
 * job's transaction ends (ON CONFLICT waits on it), and the job is computing it anyway.
 */
export async function queueReachOfRead(db: Database, shiftIds: string[]): Promise<void> {
  if (shiftIds.length === 0) return;
  await db.execute(
    sql`insert into reach_queue (shift_id)
      select id from (values ${sql.join(
        shiftIds.map((id) => sql`(${id}::uuid)`),
        sql`, `,
      )}) as shown(id)
      where not exists (select 1 from reach_queue q where q.shift_id = shown.id)
      on conflict (shift_id) do nothing`,
  );
}

/**
 * Computes the reach of up to `batch` queued shifts, oldest first, and takes them off the queue
 * in the same transaction (rows another run holds are skipped). A queued shift that is no longer
 * open, or has started, is only taken off: no list shows its reach.
 */
export async function computeQueuedReach(
  db: Database,
  batch: number,
  now: Date,
): Promise<{ computed: number; dropped: number }> {
  return db.transaction(async (tx) => {
    const taken = await queryRows<{ shift_id: string; wanted: boolean }>(
      tx,
      sql`with taken as (
          delete from reach_queue where shift_id in (
            select shift_id from reach_queue order by queued_at limit ${batch}
            for update skip locked)
          returning shift_id)
        select taken.shift_id, coalesce(${isOpenFutureShift(now)}, false) as wanted
        from taken left join shifts s on s.id = taken.shift_id`,
    );
    const wanted = taken.filter((row) => row.wanted).map((row) => row.shift_id);
    await refreshShiftReach(tx, wanted);
    return { computed: wanted.length, dropped: taken.length - wanted.length };
  });
}

/**
 * Forgets the stored reach of a practice's shifts (its review or its blocks changed) and queues
 * its open future shifts (as of `now`, the market clock): its list shows them as being counted until the job has counted them
 * again (decision record 034).
 */
export async function forgetPracticeReach(
  db: Database,
  practiceId: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`delete from shift_reach where shift_id in (select id from shifts where practice_id = ${practiceId})`,
  );
  await db.execute(
    sql`insert into reach_queue (shift_id)
      select s.id from shifts s where s.practice_id = ${practiceId} and ${isOpenFutureShift(now)}
      on conflict (shift_id) do nothing`,
  );
}

/** A practice's open future shift as a list may show its reach (decision record 034). */
export interface StoredReach {
  /** The stored count made for the shift's inputs as they are; null: none (being counted). */
  reach: number | null;
  /** No current count: the list queues it (queueReachOfRead) for the shift-reach job. */
  toQueue: boolean;
}

/**
 * The stored reach of each of a practice's open future shifts, in one indexed read: how many
 * verified professionals it fits (countable by the rules of the Find Shifts board,
 * eligibility-sql.ts, without its widening filters; shifts that are not open or have started
 * are absent: reach means nothing for them). Nothing is computed here: a count made for the
 * shift's inputs is shown even when a professional changed since (its epoch is older), and the
 * shift-reach job makes it again within seconds once the list queued it (decision record 034,
 * amending 009).
 */
export async function storedShiftReach(
  db: Database,
  practiceId: string,
  now: Date,
): Promise<Map<string, StoredReach>> {
  const rows = await queryRows<{ id: string; reach: number | null; old: boolean }>(
    db,
    sql`select s.id, r.reach, (r.reach is null or ${storedReachIsOld}) as old
      from shifts s
      left join matching_epochs e on e.role = ${shiftProfessionalRole}
      left join shift_reach r on ${storedReachIsUsable}
      where s.practice_id = ${practiceId} and ${isOpenFutureShift(now)}`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { reach: row.reach === null ? null : Number(row.reach), toQueue: row.old },
    ]),
  );
}

/**
 * Computes and stores the reach of these shifts (whatever their status), in one statement: the
 * shifts of a practice ChairFill has not verified reach nobody, and a professional blocked by or
 * blocking the shift's practice is not counted (eligibility-sql.ts, practiceOpenTo), nor one who
 * does not hold the shift's requirements on its date (meetsRequirements; such shifts count their
 * candidates one by one), nor one whose required credential has lapsed by then
 * (lapsedRequiredCredentials). The verified professionals of each distinct place and position
 * within their travel distance are found once (a bounding box, then the haversine distance) and
 * counted in groups of the same place, availability and minimum rate; only the groups' windows
 * are then unfolded and matched with each shift's day, minutes and rate. A professional whose
 * count depends on more than that is kept by id and counted one by one (rare): one with a block,
 * one whose required credential expires before the last of these shifts, one with two windows on
 * a weekday (the profile form allows no other; a shift fitting both still counts them once).
 * The epoch stored is the one read in the same snapshot, so a professional who changes meanwhile
 * makes the row out of date rather than wrong.
 *
 * The per-professional checks run once per professional, not per place and window (issue 19: a
 * batch of 100 new shifts on the large market took 7.8 s, 5 of it in those checks repeated for
 * 408,000 candidate windows, while the writes waited on the database).
 */
export async function refreshShiftReach(
  db: Database,
  shiftIds: string[],
): Promise<Map<string, number>> {
  if (shiftIds.length === 0) return new Map();
  const columns = sql.raw(reachInputs.join(', '));
  const rows = await queryRows<{ shift_id: string; reach: number }>(
    db,
    sql`with todo as (
        select id, practice_id, requirements, starts_at, ${columns} from shifts
        where id in (${sql.join(
          shiftIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      ), site as (
        select distinct position, latitude, longitude from todo
        where latitude is not null and longitude is not null
      ), last_day as (
        select max(${shiftLocalDate}) as day from todo s
      ), near as materialized (
        select s.position, s.latitude, s.longitude, p.id, p.role, p.minimum_rate_cents,
          p.availability
        from site s
        join professionals p
          on p.status = 'verified'
          and p.role = ${shiftProfessionalRole}
          and p.home_latitude is not null and p.home_longitude is not null
          and p.travel_distance_miles is not null
          and ${withinBoundingBox(professional.latitude, professional.longitude, shift.latitude, shift.longitude, sql`p.travel_distance_miles`)}
          and ${shiftDistanceMiles} <= p.travel_distance_miles
      ), one_by_one as (
        select p.id from professionals p
        where p.id in (select id from near)
          and (exists (select 1 from blocks bl where bl.professional_id = p.id)
            -- A required credential that expires before the last of these shifts may lapse for
            -- some of them.
            or exists (select 1 from credentials c_exp
              where c_exp.professional_id = p.id and c_exp.kind = any(${requiredKindsOfRole(sql`p.role`)})
                and (c_exp.expires_on < (select day from last_day)
                  or c_exp.verified_until < (select day from last_day)))
            or exists (select 1 from ${availabilityWindows}
              group by wm.day having count(*) > 1))
      ), grouped as (
        select position, latitude, longitude, availability, minimum_rate_cents,
          count(*)::int as professionals, null::uuid as id, null::text as role
        from near where id not in (select id from one_by_one)
        group by position, latitude, longitude, availability, minimum_rate_cents
        union all
        select position, latitude, longitude, availability, minimum_rate_cents, 0, id, role
        from near where id in (select id from one_by_one)
      ), candidate as (
        select p.position, p.latitude, p.longitude, p.minimum_rate_cents, p.professionals, p.id,
          p.role, wm.day, wm.start_minute, wm.end_minute
        from grouped p cross join lateral ${availabilityWindows}
      ), counted as (
        select s.id, (coalesce(sum(p.professionals), 0) + count(distinct p.id))::int as reach
        from todo s
        left join candidate p
          on cardinality(s.requirements) = 0
          and p.position = s.position and p.latitude = s.latitude and p.longitude = s.longitude
          and ${meetsMinimumRate}
          and ${fitsWindow(sql`p.day`, sql`p.start_minute`, sql`p.end_minute`)}
          and (p.id is null or (not exists (select 1 from blocks bl
              where bl.professional_id = p.id and bl.practice_id = s.practice_id)
            and not exists (${lapsedRequiredCredentials(sql`p.id`, requiredKindsOfRole(sql`p.role`))})))
        group by s.id
      ), required as (
        -- A shift with requirements counts, one by one, the candidates who hold them on its date
        -- (eligibility-sql.ts, meetsRequirements).
        select s.id, count(*)::int as reach
        from todo s
        join near p
          on p.position = s.position and p.latitude = s.latitude and p.longitude = s.longitude
          and ${meetsMinimumRate}
          and exists (select 1 from ${fittingWindows})
          and not exists (select 1 from blocks bl
            where bl.professional_id = p.id and bl.practice_id = s.practice_id)
          and ${meetsRequirements(sql`s.requirements`, sql`p.id`, shiftLocalDate)}
          and not exists (${lapsedRequiredCredentials(sql`p.id`, requiredKindsOfRole(sql`p.role`))})
        where cardinality(s.requirements) > 0
        group by s.id
      )
      insert into shift_reach (shift_id, reach, epoch, ${columns}, computed_at)
      select s.id,
        case when pr.verification_status = 'verified' then c.reach + coalesce(q.reach, 0) else 0 end,
        coalesce(e.epoch, 0), ${sql.raw(reachInputs.map((c) => `s.${c}`).join(', '))}, now()
      from todo s
      join counted c on c.id = s.id
      left join required q on q.id = s.id
      join practices pr on pr.id = s.practice_id
      left join matching_epochs e on e.role = ${shiftProfessionalRole}
      order by s.id
      on conflict (shift_id) do update set reach = excluded.reach, epoch = excluded.epoch,
        ${sql.raw(reachInputs.map((c) => `${c} = excluded.${c}`).join(', '))},
        computed_at = excluded.computed_at
      returning shift_id, reach`,
  );
  return new Map(rows.map((row) => [row.shift_id, Number(row.reach)]));
}
