import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

const ZONE = sql.raw(`'America/New_York'`);

/**
 * Puts every charge of a finished week (Monday to Sunday, New Jersey time, by the shift's date) on
 * its practice's invoice for that week: the invoice is made once (unique per practice and week)
 * and a charge approved after its week was invoiced joins that same invoice. Two set-based
 * statements, so the run for every practice stays one pass over the charges not yet invoiced.
 * Returns how many charges were put on invoices.
 */
export async function invoiceFinishedWeeks(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const thisWeek = sql`(date_trunc('week', ${now.toISOString()}::timestamptz at time zone ${ZONE}) at time zone ${ZONE})`;
    await tx.execute(sql`
      insert into invoices (practice_id, number, week_start, week_end)
      select practice_id,
        'CF-' || to_char(week, 'IYYY') || '-W' || to_char(week, 'IW') || '-'
          || upper(substr(md5(practice_id::text || week::text), 1, 8)),
        week at time zone ${ZONE},
        (week + interval '7 days') at time zone ${ZONE}
      from (
        select distinct practice_id, date_trunc('week', service_date at time zone ${ZONE}) as week
        from charges
        where invoice_id is null and service_date < ${thisWeek}
      ) weeks
      on conflict (practice_id, week_start) do nothing`);
    const invoiced = await queryRows<{ id: string }>(
      tx,
      sql`
      update charges c set invoice_id = i.id
      from invoices i
      where c.invoice_id is null and c.service_date < ${thisWeek}
        and i.practice_id = c.practice_id
        and c.service_date >= i.week_start and c.service_date < i.week_end
      returning c.id`,
    );
    return invoiced.length;
  });
}
