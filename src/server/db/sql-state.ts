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

/** A REPEATABLE READ transaction met a concurrent change of what it writes (SQLSTATE 40001). */
export function isSerializationFailure(error: unknown): boolean {
  return postgresErrorOf(error)?.code === '40001';
}
