import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../client';

/**
 * Demo data, benchmarks and tests that need worked shifts without walking each through the day:
 * every confirmed booking of a shift that ended by `now` (and has no timesheet) is recorded as
 * worked to the schedule: checked in at the start, a timesheet of the scheduled hours and break
 * submitted at the end and approved by the practice at `now`, the booking and shift completed.
 * The day itself (check-in, check-out, approval) is services/attendance. Returns how many shifts.
 */
export async function recordShiftsWorkedAsScheduled(
  db: Database,
  now: Date = new Date(),
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [result] = await queryRows<{ worked: number | string }>(
    db,
    sql`with due as (
        select b.id, b.shift_id, b.practice_id, b.professional_id, s.starts_at, s.ends_at,
          s.rate_cents,
          least(s.break_minutes, greatest(0, (extract(epoch from s.ends_at - s.starts_at) / 60)::integer - 1)) as break_minutes
        from bookings b join shifts s on s.id = b.shift_id
        where b.status = 'confirmed' and s.ends_at <= ${at}
          and not exists (select 1 from timesheets t where t.booking_id = b.id)
      ), priced as (
        select due.*, (extract(epoch from ends_at - starts_at) / 60)::integer - break_minutes as worked
        from due
      ), sheets as (
        insert into timesheets (booking_id, shift_id, practice_id, professional_id, started_at,
          ended_at, break_minutes, worked_minutes, rate_cents, amount_cents, status, submitted_by,
          submitted_at, approved_at, approved_by)
        select id, shift_id, practice_id, professional_id, starts_at, ends_at, break_minutes,
          worked, rate_cents, round(worked * rate_cents / 60.0)::integer, 'approved',
          'professional', ends_at, ${at}, 'practice'
        from priced
        returning booking_id
      ), booked as (
        update bookings set status = 'completed', completed_at = ${at},
          checked_in_at = coalesce(checked_in_at, due.starts_at)
        from due where bookings.id = due.id
        returning bookings.id
      ), ended as (
        update shifts set status = 'completed', updated_at = ${at}
        where status = 'filled' and id in (select shift_id from due)
        returning id
      )
      select (select count(*) from ended) as worked, (select count(*) from sheets) as sheets,
        (select count(*) from booked) as booked`,
  );
  return Number(result?.worked ?? 0);
}
