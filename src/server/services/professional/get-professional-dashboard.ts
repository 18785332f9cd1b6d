import { sql } from 'drizzle-orm';
import type { ProfessionalDashboardDto } from '@shared/professional/professional-replies';
import { queryRows } from '../../db/client';
import type { ServiceContext } from '../context';
import { ensureProfessional } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';

interface FigureRow {
  completed: number;
  upcoming: number;
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
export async function getProfessionalDashboard(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = new Date(),
): Promise<ProfessionalDashboardDto> {
  const figures = (professional: ReturnType<typeof sql>) =>
    queryRows<FigureRow>(
      ctx.db,
      sql`select
        (select count(*)::int from bookings b join shifts s on s.id = b.shift_id
          where b.professional_id = p.id and b.status in ('confirmed', 'completed')
            and s.status = 'completed') as completed,
        (select count(*)::int from bookings b join shifts s on s.id = b.shift_id
          where b.professional_id = p.id and b.status in ('confirmed', 'completed')
            and s.status = 'filled' and s.starts_at > ${now}) as upcoming,
        (select round(avg(r.stars)::numeric, 1)::text from ratings r
          where r.professional_id = p.id and r.rater_side = 'practice') as average_rating,
        (select sum(t.worked_minutes)::text from timesheets t
          where t.professional_id = p.id and t.status = 'approved') as approved_minutes
      from professionals p where ${professional}`,
    );
  let [row] = await figures(sql`p.user_id = ${account.id}`);
  // A first portal load may ask before the record exists: it is made as the profile does.
  if (!row) [row] = await figures(sql`p.id = ${(await ensureProfessional(ctx, account)).id}`);
  return {
    completedShifts: row?.completed ?? 0,
    upcomingShifts: row?.upcoming ?? 0,
    averageRating: row?.average_rating == null ? null : Number(row.average_rating),
    totalHours: Math.round((Number(row?.approved_minutes ?? 0) / 60) * 10) / 10,
  };
}
