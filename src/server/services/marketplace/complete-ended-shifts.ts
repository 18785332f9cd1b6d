import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

/**
 * Completes the shifts that have been worked: every 'filled' shift whose end is at or before
 * `now` becomes 'completed', and its confirmed booking 'completed' (completed_at = now), in one
 * statement, so a shift and its booking are never seen half done. Running it again changes
 * nothing. Open shifts are not worked: they expire when they start (expireUnfilledShifts).
 * Returns how many shifts it completed. Scheduled every minute by the job runner.
 */
export async function completeEndedShifts(db: Database, now: Date = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [result] = await queryRows<{ completed: number | string }>(
    db,
    sql`with ended as (
        update shifts set status = 'completed', updated_at = ${at}
        where status = 'filled' and ends_at <= ${at}
        returning id
      ), worked as (
        update bookings set status = 'completed', completed_at = ${at}
        where status = 'confirmed' and shift_id in (select id from ended)
        returning id
      )
      select (select count(*) from ended) as completed, (select count(*) from worked) as bookings`,
  );
  return Number(result?.completed ?? 0);
}
