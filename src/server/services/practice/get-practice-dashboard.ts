import { sql } from 'drizzle-orm';
import type { PracticeDashboardDto } from '@shared/practice/practice-replies';
import { bookings, ratings, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import { countFillSummary } from '../fill/count-fill-summary';
import { keptAnswer } from '../kept-answer-registry';

/*
 * The dashboard figures, defined here and nowhere else:
 * - activeRequests: this practice's open shifts that have not started (an open shift whose start
 *   passed is expired: shiftStatusAt);
 * - upcomingShifts: shifts starting after `now` that are not cancelled;
 * - professionalsWorkedWith: distinct professionals with a confirmed or completed booking on
 *   this practice's shifts;
 * - averageResponseMinutes: median minutes from posting a shift to its first response (the
 *   first application or booking), over the shifts that had one; null when none had;
 * - averageRating: mean of the stars professionals gave the practice, one decimal; null when
 *   there is none;
 * - fill: how its shifts of the last 90 days filled (services/fill/count-fill-summary.ts).
 */

/**
 * The dashboard's JSON as GET /api/practice/dashboard sends it: kept in the server's memory
 * (kept-answers.ts) until the practice's shifts, bookings or ratings change, or its next upcoming
 * shift starts (it leaves Upcoming Shifts and enters the fill figures then), or the oldest shift
 * of the fill figures leaves their window.
 */
export async function practiceDashboardJson(
  ctx: ServiceContext,
  practiceId: string,
  userId: string,
): Promise<string> {
  return keptAnswer(ctx.db, 'practice-dashboard', [practiceId], async () => {
    const now = ctx.clock.now();
    const { figures, nextStart } = await countDashboard(ctx, practiceId, now);
    const fill = await countFillSummary(ctx.db, practiceId, now);
    return {
      body: JSON.stringify({ ...figures, fill: fill.summary } satisfies PracticeDashboardDto),
      tags: [`practice:${practiceId}`, `user:${userId}`],
      expiresAt: Math.min(nextStart === null ? Infinity : Date.parse(nextStart), fill.changesAt),
    };
  });
}

async function countDashboard(
  ctx: ServiceContext,
  practiceId: string,
  now: Date,
): Promise<{ figures: Omit<PracticeDashboardDto, 'fill'>; nextStart: string | null }> {
  const responseMinutes = sql`extract(epoch from ${shifts.firstResponseAt} - ${shifts.createdAt}) / 60`;
  // One round trip: each figure is a subquery on its own index (shifts_practice_starts_idx,
  // bookings_practice_idx, ratings_practice_idx).
  const [figures] = await ctx.db
    .select({
      activeRequests: sql<number>`(select count(*) from ${shifts}
        where ${shifts.practiceId} = ${practiceId} and ${shifts.status} = 'open'
          and ${shifts.startsAt} > ${now.toISOString()}::timestamptz)`.mapWith(Number),
      upcomingShifts: sql<number>`(select count(*) from ${shifts}
        where ${shifts.practiceId} = ${practiceId}
          and ${shifts.startsAt} > ${now.toISOString()}::timestamptz
          and ${shifts.status} <> 'cancelled')`.mapWith(Number),
      median: sql<
        number | null
      >`(select percentile_cont(0.5) within group (order by ${responseMinutes})
        from ${shifts}
        where ${shifts.practiceId} = ${practiceId} and ${shifts.firstResponseAt} is not null)`,
      professionals: sql<number>`(select count(distinct ${bookings.professionalId}) from ${bookings}
        where ${bookings.practiceId} = ${practiceId}
          and ${bookings.status} in ('confirmed', 'completed'))`.mapWith(Number),
      average: sql<number | null>`(select round(avg(${ratings.stars})::numeric, 1) from ${ratings}
        where ${ratings.practiceId} = ${practiceId} and ${ratings.raterSide} = 'professional')`,
      nextStart: sql<string | null>`(select to_json(min(${shifts.startsAt}))#>>'{}' from ${shifts}
        where ${shifts.practiceId} = ${practiceId}
          and ${shifts.startsAt} > ${now.toISOString()}::timestamptz
          and ${shifts.status} <> 'cancelled')`,
    })
    .from(sql`(select 1) as one`);

  const median = figures?.median;
  const average = figures?.average;
  return {
    figures: {
      activeRequests: figures?.activeRequests ?? 0,
      upcomingShifts: figures?.upcomingShifts ?? 0,
      professionalsWorkedWith: figures?.professionals ?? 0,
      averageResponseMinutes:
        median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10,
      averageRating: average === null || average === undefined ? null : Number(average),
    },
    nextStart: figures?.nextStart ?? null,
  };
}
