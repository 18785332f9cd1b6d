import { sql } from 'drizzle-orm';

/**
 * A shift's start and end (alias `s`) as epoch milliseconds, `starts_ms` and `ends_ms`: raw SQL
 * rows come back without Drizzle's timestamp mapping, and numbers read the same on PGlite and
 * PostgreSQL.
 */
export const shiftTimeColumns = sql`(extract(epoch from s.starts_at) * 1000)::float8 as starts_ms,
  (extract(epoch from s.ends_at) * 1000)::float8 as ends_ms`;

/** The ISO start and end times of a row read with `shiftTimeColumns`. */
export function shiftTimes(row: { starts_ms: number; ends_ms: number }): {
  startTime: string;
  endTime: string;
} {
  return {
    startTime: new Date(Number(row.starts_ms)).toISOString(),
    endTime: new Date(Number(row.ends_ms)).toISOString(),
  };
}
