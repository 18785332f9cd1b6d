import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * shiftStatusAt (@shared/practice/shift-constants) in SQL, for the answers PostgreSQL builds:
 * an open shift whose start has passed is 'expired'. `now` is a timestamptz expression.
 */
export function shiftStatusSql(status: SQLWrapper, startsAt: SQLWrapper, now: SQLWrapper): SQL {
  return sql`(case when ${status} = 'open' and ${startsAt} <= ${now} then 'expired' else ${status} end)`;
}
