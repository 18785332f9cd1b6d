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
  // Approved hours are charged, as an approval through the app charges them.
  await chargeApprovedTimesheets(db, now);
  return Number(result?.worked ?? 0);
}

/**
 * The charge and its ledger entry for every approved timesheet that has none, in one statement:
 * the same amounts as services/money/charge-writes (pay = the timesheet's amount, or 0 for practice
 * payroll; fee = the shift's basis points of it, rounded half up). Returns how many.
 */
export async function chargeApprovedTimesheets(db: Database, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [result] = await queryRows<{ charged: number | string }>(
    db,
    sql`with due as (
        select t.id as timesheet_id, t.booking_id, t.shift_id, t.practice_id, t.professional_id,
          t.worked_minutes, t.rate_cents, t.amount_cents, s.pay_through, s.fee_basis_points,
          s.starts_at,
          (case when s.pay_through = 'chairfill' then t.amount_cents else 0 end) as payout,
          ((t.amount_cents::bigint * s.fee_basis_points + 5000) / 10000)::integer as fee
        from timesheets t join shifts s on s.id = t.shift_id
        where t.status = 'approved'
          and not exists (select 1 from charges c where c.booking_id = t.booking_id and c.kind = 'worked')
      ), inserted as (
        insert into charges (practice_id, professional_id, shift_id, booking_id, timesheet_id, kind,
          pay_through, minutes, rate_cents, shift_amount_cents, payout_amount_cents,
          fee_basis_points, fee_cents, total_cents, service_date, created_at)
        select practice_id, professional_id, shift_id, booking_id, timesheet_id, 'worked',
          pay_through, worked_minutes, rate_cents, amount_cents, payout, fee_basis_points, fee,
          payout + fee, starts_at, ${at}
        from due
        returning id, practice_id, professional_id, total_cents, payout_amount_cents, fee_cents
      ), entries as (
        select inserted.*, gen_random_uuid() as entry_id from inserted
      ), lines as (
        insert into ledger_lines (entry_id, event, account, amount_cents, practice_id,
          professional_id, charge_id, created_at)
        select entry_id, 'charge', 'practice_receivable', total_cents, practice_id, professional_id, id, ${at}
          from entries where total_cents <> 0
        union all
        select entry_id, 'charge', 'professional_payable', -payout_amount_cents, practice_id, professional_id, id, ${at}
          from entries where payout_amount_cents <> 0
        union all
        select entry_id, 'charge', 'platform_revenue', -fee_cents, practice_id, professional_id, id, ${at}
          from entries where fee_cents <> 0
        returning 1
      )
      select (select count(*) from inserted) as charged, (select count(*) from lines) as lines`,
  );
  return Number(result?.charged ?? 0);
}
