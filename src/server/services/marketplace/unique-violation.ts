import { postgresErrorOf } from '../../db/sql-state';

/**
 * True when `error` (or the driver error Drizzle wraps in `cause`) is PostgreSQL's unique
 * violation (SQLSTATE 23505), on PGlite and node-postgres alike. With `constraint`, only that
 * index counts (both drivers report its name).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresErrorOf(error);
  if (found?.code !== '23505') return false;
  return (
    constraint === undefined || found.constraint === undefined || found.constraint === constraint
  );
}
