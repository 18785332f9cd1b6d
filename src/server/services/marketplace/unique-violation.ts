/**
 * True when `error` (or the driver error Drizzle wraps in `cause`) is PostgreSQL's unique
 * violation (SQLSTATE 23505), on PGlite and node-postgres alike. With `constraint`, only that
 * index counts (both drivers report its name).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return (
        constraint === undefined ||
        candidate.constraint === undefined ||
        candidate.constraint === constraint
      );
    }
    current = candidate.cause;
  }
  return false;
}
