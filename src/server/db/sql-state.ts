/**
 * PostgreSQL's error of `error` (SQLSTATE `code`, and the constraint when it names one), also when
 * Drizzle wraps the driver's error in `cause`; the same on PGlite and node-postgres.
 */
export function postgresErrorOf(
  error: unknown,
): { code: string; constraint: string | undefined } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * PostgreSQL gave up a statement because of a concurrent transaction: a REPEATABLE READ
 * transaction met a change committed after its snapshot (40001), or a deadlock (40P01).
 */
export function isConcurrencyFailure(error: unknown): boolean {
  const code = postgresErrorOf(error)?.code;
  return code === '40001' || code === '40P01';
}
