import { sql } from 'drizzle-orm';
import type { ProfessionalDashboardDto } from '@shared/professional/professional-replies';
import { queryRows } from '../../db/client';
import { keptAnswer } from '../kept-answer-registry';
import type { ServiceContext } from '../context';
import { ensureProfessional } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';

interface FigureRow {
  id: string;
  completed: number;
  upcoming: number;
  /** The start of their next booked shift, in milliseconds since the epoch. */
  next_start_ms: number | null;
  average_rating: string | null;
  approved_minutes: string | null;
}

/**
 * GET /api/professional/dashboard: the one place the figures are defined, counted by the
 * database (one statement, each figure from its index): completed = shifts of theirs completed
 * (their timesheet approved); upcoming = booked shifts (filled) starting after `now`; total hours
 * = the minutes of their approved timesheets (one decimal); average rating = mean of the stars
 * practices gave them (one decimal), null when there is none. Cancelled bookings are not theirs.
 */
async function countDashboard(ctx: ServiceContext, account: ProfessionalAccount, now: Date) {
  const read = (professional: ReturnType<typeof sql>) =>
    queryRows<FigureRow>(
      ctx.db,
      sql`select p.id, booked.completed, booked.upcoming, booked.next_start_ms,
        (select round(avg(r.stars)::numeric, 1)::text from ratings r
          where r.professional_id = p.id and r.rater_side = 'practice') as average_rating,
        (select sum(t.worked_minutes)::text from timesheets t
          where t.professional_id = p.id and t.status = 'approved') as approved_minutes
      from professionals p
      -- Their bookings are read once for both counts.
      cross join lateral (select
          (count(*) filter (where s.status = 'completed'))::int as completed,
          (count(*) filter (where s.status = 'filled' and s.starts_at > ${now}))::int as upcoming,
          (extract(epoch from min(s.starts_at)
            filter (where s.status = 'filled' and s.starts_at > ${now})) * 1000)::float8
            as next_start_ms
        from bookings b join shifts s on s.id = b.shift_id
        where b.professional_id = p.id and b.status in ('confirmed', 'completed')) booked
      where ${professional}`,
    );
  let [row] = await read(sql`p.user_id = ${account.id}`);
  // A first portal load may ask before the record exists: it is made as the profile does.
  if (!row) [row] = await read(sql`p.id = ${(await ensureProfessional(ctx, account)).id}`);
  if (!row) throw new Error(`no professional record for user ${account.id}`);
  const figures: ProfessionalDashboardDto = {
    completedShifts: row.completed,
    upcomingShifts: row.upcoming,
    averageRating: row.average_rating == null ? null : Number(row.average_rating),
    totalHours: Math.round((Number(row.approved_minutes ?? 0) / 60) * 10) / 10,
  };
  return { figures, professionalId: row.id, nextStartMs: row.next_start_ms };
}

/**
 * The dashboard's JSON as GET /api/professional/dashboard sends it: kept in the server's memory
 * (kept-answers.ts) until their bookings, timesheets, ratings or record change (each announces
 * `professional:<id>`), or their next booked shift starts (it stops being upcoming).
 */
export async function professionalDashboardJson(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<string> {
  return keptAnswer(ctx.db, 'professional-dashboard', [account.id], async () => {
    const { figures, professionalId, nextStartMs } = await countDashboard(
      ctx,
      account,
      ctx.clock.now(),
    );
    return {
      body: JSON.stringify(figures),
      tags: [`professional:${professionalId}`, `user:${account.id}`],
      expiresAt: nextStartMs ?? Infinity,
    };
  });
}
