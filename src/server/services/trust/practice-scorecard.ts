import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { LATE_CANCEL_WINDOW_HOURS } from '@shared/money/pay-terms';
import { practiceSoftwareKeys } from '@shared/practice/office';
import { blockMessages } from '@shared/trust/blocks';
import {
  scorecardWindowStart,
  toScorecard,
  type PracticeProfileDto,
  type PracticeScorecardDto,
  type PracticeScorecardListDto,
} from '@shared/trust/practice-scorecard';
import { queryRows, type Database } from '../../db/client';
import { isConcurrencyFailure } from '../../db/sql-state';
import { sqlArray } from '../../db/sql-arrays';
import type { Tx } from '../marketplace/db-transaction';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { keptAnswer, type KeptAnswerName } from '../kept-answer-registry';
import { keptAnswersFor } from '../kept-answers';
import { takeTurns, type Turns } from '../take-turns';
import { practiceOpenTo, practiceRowOpenTo } from '../matching/eligibility-sql';
import { ensureProfessional } from '../professional/ensure-professional';
import type { ProfessionalAccount } from '../professional/professional-account';
import { toAboutOffice } from './practice-about';

interface CountsRow {
  practice_id: string;
  posted: number;
  filled: number;
  cancellations: number;
  late_cancellations: number;
  rating_count: number;
  rating_average: number | null;
  payout_count: number;
  payout_median_days: number | null;
}

/**
 * A scorecard counts from 12 months back: kept in memory, or used as stored, at most this long
 * even if nothing changes.
 */
const SCORECARD_GOOD_FOR_MS = 60 * 60_000;
/**
 * Change marks older than this are removed by whoever computes next: a scorecard computed before
 * them is older than SCORECARD_GOOD_FOR_MS, so no longer used anyway (twice that, for a writing
 * transaction still open when a computation's snapshot was taken).
 */
const CHANGE_MARKS_KEPT_MS = 2 * SCORECARD_GOOD_FOR_MS;
/** Old change marks are removed at most this often per database by this server. */
const FORGET_MARKS_EVERY_MS = 10 * 60_000;
const marksForgottenAt = new WeakMap<Database, number>();

function countsToScorecard(row: CountsRow): PracticeScorecardDto {
  return toScorecard(row.practice_id, {
    posted: Number(row.posted),
    filled: Number(row.filled),
    cancellations: Number(row.cancellations),
    lateCancellations: Number(row.late_cancellations),
    ratingCount: Number(row.rating_count),
    ratingAverage: row.rating_average === null ? null : Number(row.rating_average),
    payoutCount: Number(row.payout_count),
    payoutMedianDays: row.payout_median_days === null ? null : Number(row.payout_median_days),
  });
}

/**
 * The scorecards of many practices (the rule is in @shared/trust/practice-scorecard), in one
 * REPEATABLE READ transaction (one snapshot): those stored in practice_scorecards less than an
 * hour before `now` with no change of the practice marked since (migration 0031) are read as
 * stored; the others are counted (countPracticeScorecards) and stored, with the change marks
 * the snapshot saw removed. A mark committed after the snapshot stays, so that practice's stored
 * counts are not used. Storing is skipped when another computation stored or removed the same
 * rows meanwhile (40001, or a deadlock: both store in practice order, so none is expected): the
 * counts are still right as of the snapshot. Every id asked about has an entry ("New on
 * ChairFill" when nothing counts). Decision record 040.
 */
export async function readPracticeScorecards(
  db: Database,
  practiceIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, PracticeScorecardDto>> {
  const result = new Map<string, PracticeScorecardDto>();
  const ids = [...new Set(practiceIds)];
  if (ids.length === 0) return result;
  const at = now.toISOString();
  const rows = await db.transaction(
    async (tx) => {
      const stored = await queryRows<CountsRow>(
        tx,
        sql`select ps.practice_id::text as practice_id, ps.posted, ps.filled, ps.cancellations,
          ps.late_cancellations, ps.rating_count, ps.rating_average, ps.payout_count,
          ps.payout_median_days
        from practice_scorecards ps
        where ps.practice_id = any(${sqlArray(ids, 'uuid')})
          and ps.computed_at > ${new Date(now.getTime() - SCORECARD_GOOD_FOR_MS).toISOString()}::timestamptz
          and ps.computed_at <= ${at}::timestamptz
          and not exists (select 1 from practice_scorecard_changes c
            where c.practice_id = ps.practice_id)`,
      );
      const storedIds = new Set(stored.map((row) => row.practice_id));
      const toCount = ids.filter((id) => !storedIds.has(id));
      if (toCount.length === 0) return stored;
      const counted = await countPracticeScorecards(tx, toCount, now);
      try {
        await tx.transaction(async (savepoint) => {
          await savepoint.execute(
            sql`delete from practice_scorecard_changes where practice_id = any(${sqlArray(toCount, 'uuid')})`,
          );
          await savepoint.execute(sql`insert into practice_scorecards (practice_id, posted, filled,
              cancellations, late_cancellations, rating_count, rating_average, payout_count,
              payout_median_days, computed_at)
            select r.practice_id, r.posted, r.filled, r.cancellations, r.late_cancellations,
              r.rating_count, r.rating_average, r.payout_count, r.payout_median_days,
              ${at}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(counted)}::jsonb) as r(practice_id uuid,
              posted int, filled int, cancellations int, late_cancellations int, rating_count int,
              rating_average float8, payout_count int, payout_median_days float8)
            order by r.practice_id
            on conflict (practice_id) do update set posted = excluded.posted,
              filled = excluded.filled, cancellations = excluded.cancellations,
              late_cancellations = excluded.late_cancellations,
              rating_count = excluded.rating_count, rating_average = excluded.rating_average,
              payout_count = excluded.payout_count,
              payout_median_days = excluded.payout_median_days,
              computed_at = excluded.computed_at`);
        });
      } catch (error) {
        if (!isConcurrencyFailure(error)) throw error;
      }
      return [...stored, ...counted];
    },
    { isolationLevel: 'repeatable read' },
  );
  await forgetOldChangeMarks(db, now);
  for (const row of rows) result.set(row.practice_id, countsToScorecard(row));
  return result;
}

/** `ids` as one uuid[] parameter. */
/** Removes the change marks older than CHANGE_MARKS_KEPT_MS, at most every 10 minutes. */
async function forgetOldChangeMarks(db: Database, now: Date): Promise<void> {
  const last = marksForgottenAt.get(db);
  if (last !== undefined && now.getTime() - last < FORGET_MARKS_EVERY_MS) return;
  marksForgottenAt.set(db, now.getTime());
  await db.execute(
    sql`delete from practice_scorecard_changes
      where changed_at < ${new Date(now.getTime() - CHANGE_MARKS_KEPT_MS).toISOString()}::timestamptz`,
  );
}

/**
 * The scorecard counts of `ids` from the practices' last 12 months, in one query: shifts posted by
 * shifts_practice_starts_idx, everything else from the facts the writes keep (decision record 041,
 * migration 0032), each read from its index alone: a booking's shift start, whether the practice
 * cancelled it and when, the professional's stars; a paid payout's service date and days.
 */
async function countPracticeScorecards(
  tx: Tx,
  ids: readonly string[],
  now: Date,
): Promise<CountsRow[]> {
  const idArray = sqlArray(ids, 'uuid');
  const from = scorecardWindowStart(now).toISOString();
  return queryRows<CountsRow>(
    tx,
    sql`with posted as (
      select s.practice_id, count(*)::int as posted
      from shifts s
      where s.practice_id = any(${idArray}) and s.starts_at >= ${from}::timestamptz
      group by s.practice_id
    ), booked as (
      select f.practice_id,
        count(distinct f.shift_id)::int as filled,
        count(distinct f.shift_id) filter (where f.cancelled_by_practice)::int as cancellations,
        count(distinct f.shift_id) filter (where f.cancelled_by_practice
          and f.cancelled_at > f.shift_starts_at - make_interval(hours => ${LATE_CANCEL_WINDOW_HOURS}))::int
          as late_cancellations,
        count(f.professional_stars)::int as rating_count,
        avg(f.professional_stars)::float8 as rating_average
      from scorecard_booking_facts f
      where f.practice_id = any(${idArray}) and f.shift_starts_at >= ${from}::timestamptz
      group by f.practice_id
    ), paid as (
      select f.practice_id, count(*)::int as payout_count,
        percentile_cont(0.5) within group (order by f.days)::float8 as payout_median_days
      from scorecard_payout_facts f
      where f.practice_id = any(${idArray}) and f.service_date >= ${from}::timestamptz
      group by f.practice_id
    )
    select ids.practice_id::text as practice_id,
      coalesce(posted.posted, 0) as posted,
      coalesce(booked.filled, 0) as filled,
      coalesce(booked.cancellations, 0) as cancellations,
      coalesce(booked.late_cancellations, 0) as late_cancellations,
      coalesce(booked.rating_count, 0) as rating_count, booked.rating_average,
      coalesce(paid.payout_count, 0) as payout_count, paid.payout_median_days
    from unnest(${idArray}) as ids(practice_id)
    left join posted on posted.practice_id = ids.practice_id
    left join booked on booked.practice_id = ids.practice_id
    left join paid on paid.practice_id = ids.practice_id`,
  );
}

const KEPT: KeptAnswerName = 'practice-scorecard';

/**
 * How long a board's request waits for scorecards that are not kept before it answers without
 * them (listed as pending, computed on in the background). On a warm database the ~60 practices
 * of a board are computed in 10–40 ms, so ordinary reads are complete; on a server just started
 * a computation reads each practice's 12 months from disk (seconds), and a board must not wait
 * for that (bench/README.md, cold start; decision record 035).
 */
export const SCORECARDS_WAIT_MS = 150;

/**
 * How old a board's scorecard may be once its practice has changed (decision record 038): a
 * scorecard counts a practice's last 12 months, so a booking or a cancellation moves it by a
 * fraction, and computing it again costs ~17 ms of database time per practice on the large
 * market. Within this time the board shows the last one computed; the practice's own page
 * (keptPracticeScorecards) always computes it again.
 */
export const BOARD_SCORECARD_STALE_MS = 60_000;
/** A board's scorecard shown stale is computed again (in the background) once this old. */
export const BOARD_SCORECARD_REFRESH_MS = 20_000;
/** The least a board's answer with a stale part is kept (its refresh may be under way). */
const STALE_ANSWER_MIN_KEPT_MS = 1_000;
/** Recent scorecards remembered per database, at most (older ones are forgotten first). */
const RECENT_SCORECARDS_AT_MOST = 20_000;

interface RecentScorecard {
  card: PracticeScorecardDto;
  /** When the computation that made it began (ms): what it can be older than. */
  computedAt: number;
}

/** The last scorecard computed of each practice, per database, kept or not. */
const recentByDatabase = new WeakMap<Database, Map<string, RecentScorecard>>();

function recentOf(db: Database): Map<string, RecentScorecard> {
  let recent = recentByDatabase.get(db);
  if (!recent) {
    recent = new Map();
    recentByDatabase.set(db, recent);
  }
  return recent;
}

function rememberRecent(db: Database, cards: Map<string, PracticeScorecardDto>, at: number) {
  const recent = recentOf(db);
  for (const [id, card] of cards) {
    // Re-inserted, so the map's order stays oldest first.
    recent.delete(id);
    recent.set(id, { card, computedAt: at });
  }
  for (const id of recent.keys()) {
    if (recent.size <= RECENT_SCORECARDS_AT_MOST) break;
    recent.delete(id);
  }
}

/** The scorecards being computed now, per database (one process's requests share them). */
const inFlight = new WeakMap<Database, Map<string, Promise<PracticeScorecardDto | undefined>>>();

/**
 * Scorecard computations running at once per database. On a cold start every board asks for
 * ~60 practices and a computation reads their whole history (seconds each with the database's
 * cache cold): without a limit they took every connection of the requests' pool and every other
 * read waited behind them (bench/README.md, cold start).
 */
export const SCORECARD_READS_AT_ONCE = 2;
const turnsByDatabase = new WeakMap<Database, Turns>();

/** The turns scorecard computations of `db` take (SCORECARD_READS_AT_ONCE at a time). */
export function scorecardTurns(db: Database): Turns {
  let turns = turnsByDatabase.get(db);
  if (!turns) {
    turns = takeTurns(SCORECARD_READS_AT_ONCE);
    turnsByDatabase.set(db, turns);
  }
  return turns;
}

function flightsOf(db: Database): Map<string, Promise<PracticeScorecardDto | undefined>> {
  let flights = inFlight.get(db);
  if (!flights) {
    flights = new Map();
    inFlight.set(db, flights);
  }
  return flights;
}

interface KeptOrComing {
  kept: Map<string, PracticeScorecardDto>;
  /** Of `kept`, those shown from a recent computation after their practice changed. */
  stale: Set<string>;
  /**
   * When the first of the stale ones is due to be computed again (epoch ms): a request after
   * that starts its computation. Undefined when none is stale.
   */
  staleRefreshDueAt: number | undefined;
  /** The practices not kept, each with its computation (begun now or by another request). */
  coming: Map<string, Promise<PracticeScorecardDto | undefined>>;
  /**
   * Every computation turn was taken when they were asked for: what is not kept waits behind
   * other computations (a cold start's backlog) and cannot be done within a short wait.
   */
  queued: boolean;
}

/**
 * Each practice's scorecard kept in memory (kept-answer-registry.ts, 'practice-scorecard') until
 * a change to its shifts, bookings, ratings, timesheets, charges or payouts is announced (all
 * announce `practice:<id>`), or else its computation: the practices not kept and not already
 * being computed are computed together in one query (readPracticeScorecards), in turn
 * (scorecardTurns), and kept when done, whether or not anyone still waits for them.
 */
function scorecardsKeptOrComing(
  db: Database,
  practiceIds: readonly string[],
  now: Date,
  options: { staleWithinMs: number } = { staleWithinMs: 0 },
): KeptOrComing {
  const kept = keptAnswersFor(db);
  const recent = recentOf(db);
  const flights = flightsOf(db);
  const found = new Map<string, PracticeScorecardDto>();
  const stale = new Set<string>();
  let staleRefreshDueAt: number | undefined;
  const missing: string[] = [];
  const refresh: string[] = [];
  for (const id of new Set(practiceIds)) {
    const body = kept.read(`${KEPT}|${id}`);
    if (body !== undefined) {
      found.set(id, JSON.parse(body) as PracticeScorecardDto);
      continue;
    }
    const last = recent.get(id);
    const age = last ? now.getTime() - last.computedAt : Infinity;
    if (last && age < options.staleWithinMs) {
      found.set(id, last.card);
      stale.add(id);
      const due = last.computedAt + BOARD_SCORECARD_REFRESH_MS;
      staleRefreshDueAt = Math.min(staleRefreshDueAt ?? Infinity, due);
      if (age >= BOARD_SCORECARD_REFRESH_MS && !flights.has(id)) refresh.push(id);
    } else missing.push(id);
  }
  const coming = new Map<string, Promise<PracticeScorecardDto | undefined>>();
  // A practice being computed for another request is awaited, not computed again: on a cold
  // start, every board lists some of the same practices at once (single flight per practice).
  const toCompute = [...refresh, ...missing.filter((id) => !flights.has(id))];
  if (toCompute.length === 0 && missing.length === 0) {
    return { kept: found, stale, staleRefreshDueAt, coming, queued: false };
  }
  const turns = scorecardTurns(db);
  const queued = turns.allTaken();
  if (toCompute.length > 0) {
    const begun = kept.begin();
    const computing = turns(() => readPracticeScorecards(db, toCompute, now)).then((computed) => {
      rememberRecent(db, computed, now.getTime());
      for (const [id, card] of computed) {
        kept.keep(
          `${KEPT}|${id}`,
          {
            body: JSON.stringify(card),
            tags: [`practice:${id}`],
            expiresAt: now.getTime() + SCORECARD_GOOD_FOR_MS,
          },
          begun,
        );
        // Boards kept with this practice's previous scorecard show this one from now on.
        kept.forget(scorecardComputedTag(id));
      }
      return computed;
    });
    for (const id of toCompute) {
      const flight = computing.then((computed) => computed.get(id));
      // Awaited by a request, or by nobody once every request waiting for it has answered
      // without it; a failure is answered by the requests still waiting.
      flight.catch(() => undefined);
      flights.set(id, flight);
      void flight
        .finally(() => {
          if (flights.get(id) === flight) flights.delete(id);
        })
        .catch(() => undefined);
    }
  }
  for (const id of missing) coming.set(id, flights.get(id) ?? Promise.resolve(undefined));
  return { kept: found, stale, staleRefreshDueAt, coming, queued };
}

/**
 * Forgotten on this server when a practice's scorecard has been computed again here: a board's
 * answer showing the previous one carries it, and is then read afresh.
 */
function scorecardComputedTag(practiceId: string): string {
  return `scorecard-computed:${practiceId}`;
}

/** The scorecards of `practiceIds`, kept or computed now (the practice's page waits for its own). */
export async function keptPracticeScorecards(
  db: Database,
  practiceIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, PracticeScorecardDto>> {
  const { kept: result, coming } = scorecardsKeptOrComing(db, practiceIds, now);
  const ids = [...coming.keys()];
  const cards = await Promise.all(coming.values());
  ids.forEach((id, index) => {
    const card = cards[index];
    if (card) result.set(id, card);
  });
  return result;
}

/** Scorecards answered so far, and the practices whose scorecard is still being computed. */
export interface ScorecardsSoFar {
  cards: Map<string, PracticeScorecardDto>;
  pending: string[];
  /** Of `cards`, those shown from a recent computation after their practice changed. */
  stale: string[];
  /** When the first of `stale` is due to be computed again (epoch ms), if any is stale. */
  staleRefreshDueAt?: number;
}

/**
 * The scorecards of `practiceIds` that are kept, or computed within `waitMs`; the others are
 * `pending` (in the order asked) and are kept once computed, for the next request. When every
 * computation turn is taken (a cold start's backlog) it does not wait: what it lacks waits
 * behind other computations of seconds. A computation that fails within the wait fails the
 * request, as when it waited for all. With `staleWithinMs`, a practice that changed since its last
 * computation less than that long ago answers that one (listed in `stale`; decision record 038).
 */
export async function practiceScorecardsWithin(
  db: Database,
  practiceIds: readonly string[],
  waitMs: number,
  now: Date = new Date(),
  options: { staleWithinMs: number } = { staleWithinMs: 0 },
): Promise<ScorecardsSoFar> {
  const {
    kept: cards,
    stale,
    staleRefreshDueAt,
    coming,
    queued,
  } = scorecardsKeptOrComing(db, practiceIds, now, options);
  if (coming.size === 0) return { cards, pending: [], stale: [...stale], staleRefreshDueAt };
  const arrived = new Set<string>();
  const everyOne = Promise.all(
    [...coming].map(async ([id, flight]) => {
      const card = await flight;
      arrived.add(id);
      if (card) cards.set(id, card);
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    // Not waiting still answers the cards that have already arrived.
    timer = setTimeout(resolve, queued ? 0 : waitMs);
  });
  try {
    await Promise.race([everyOne, waited]);
  } finally {
    clearTimeout(timer);
  }
  // A failure after the request answered has nobody to tell (the next request computes again).
  everyOne.catch(() => undefined);
  return {
    cards,
    pending: [...coming.keys()].filter((id) => !arrived.has(id)),
    stale: [...stale],
    staleRefreshDueAt,
  };
}

/**
 * Of `practiceIds`, those whose shifts may reach the professional signed in as `userId`
 * (practiceRowOpenTo, the rule of applying and booking); a professional without a record yet has no
 * block, so only verification counts for them.
 */
async function practicesOpenToUser(
  ctx: ServiceContext,
  userId: string,
  practiceIds: readonly string[],
): Promise<string[]> {
  if (practiceIds.length === 0) return [];
  const idArray = sqlArray(practiceIds, 'uuid');
  const me = sql`(select me.id from professionals me where me.user_id = ${userId}::uuid)`;
  const rows = await queryRows<{ id: string }>(
    ctx.db,
    sql`select p.id::text as id from practices p
      where p.id = any(${idArray}) and ${practiceRowOpenTo(sql.raw('p'), me)}
      order by p.id`,
  );
  return rows.map((row) => row.id);
}

/**
 * GET /api/professional/practice-scorecards?practiceIds=: the scorecards of the practices of a
 * Find Shifts board, as JSON. Practices that may not reach the caller (not verified, or blocked
 * either way) are left out, as if they did not exist: a block stays private, also in `pending`.
 * A scorecard not kept and not computed within SCORECARDS_WAIT_MS is listed in `pending` (the
 * board asks again for it) rather than holding the board. A complete answer is kept per
 * professional and set of practices ('practice-scorecards') until one of the practices changes,
 * a practice's review or a block changes (announced as `all` and `practice:<id>`), or the
 * professional changes something; an answer with pending practices, or with a practice's
 * scorecard shown from before its last change (up to BOARD_SCORECARD_STALE_MS old), is not kept,
 * so the next request has the ones computed since. Each practice's part is kept on its own too, so a
 * recomputed answer computes only the practices that changed.
 */
export async function practiceScorecardsJson(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  practiceIds: readonly string[],
  now: Date = ctx.clock.now(),
): Promise<string> {
  const ids = [...new Set(practiceIds)].sort();
  const which = createHash('sha256').update(ids.join(',')).digest('base64url');
  return keptAnswer(ctx.db, 'practice-scorecards', [account.id, which], async () => {
    const open = await practicesOpenToUser(ctx, account.id, ids);
    const { cards, pending, stale, staleRefreshDueAt } = await practiceScorecardsWithin(
      ctx.db,
      open,
      SCORECARDS_WAIT_MS,
      now,
      { staleWithinMs: BOARD_SCORECARD_STALE_MS },
    );
    const reply: PracticeScorecardListDto = {
      scorecards: open.flatMap((id) => cards.get(id) ?? []),
      pending,
    };
    return {
      body: JSON.stringify(reply),
      tags: [
        `user:${account.id}`,
        ...ids.map((id) => `practice:${id}`),
        // Read afresh as soon as a stale part's practice has been computed again here.
        ...stale.map(scorecardComputedTag),
      ],
      // With a stale part, kept until it is due to be computed again (the next request then
      // starts that), at least a second: every request computing the answer again while a
      // practice stayed stale made the board's scorecards a third of the one-row read (issue 41,
      // session 32: 4,278 of 4,445 requests in a run).
      expiresAt:
        staleRefreshDueAt === undefined
          ? now.getTime() + SCORECARD_GOOD_FOR_MS
          : Math.max(staleRefreshDueAt, now.getTime() + STALE_ANSWER_MIN_KEPT_MS),
      // Not kept with a pending part: the board asks again for it.
      incomplete: pending.length > 0,
    };
  });
}

/** The software a practice ticked in Software & Rates, then its own 'other' text. */
function softwareNames(software: Record<string, unknown>): string[] {
  const chosen = practiceSoftwareKeys.filter((key) => software[key] === true);
  const other = typeof software.other === 'string' ? software.other.trim() : '';
  return other ? [...chosen, other] : [...chosen];
}

/**
 * GET /api/professional/practices/{id}: the practice's page before applying (its scorecard and
 * what it says about itself). 404 with the unknown-practice answer when the practice may not
 * reach the caller (the same rule as applying and booking), so a block cannot be detected and a
 * practice not yet verified does not exist for professionals.
 */
export async function practiceProfileFor(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  practiceId: string,
  now: Date = ctx.clock.now(),
): Promise<PracticeProfileDto> {
  const me = await ensureProfessional(ctx, account);
  const [row] = await ctx.db
    .select()
    .from(practices)
    .where(and(eq(practices.id, practiceId), practiceOpenTo(practices.id, sql`${me.id}::uuid`)));
  if (!row) throw new DomainError(404, 'not_found', blockMessages.practiceNotFound);
  return {
    id: row.id,
    name: row.practiceName,
    city: row.city,
    state: row.state,
    software: softwareNames(row.dentalSoftware as unknown as Record<string, unknown>),
    about: toAboutOffice(row),
    scorecard: (await keptPracticeScorecards(ctx.db, [row.id], now)).get(row.id)!,
  };
}
