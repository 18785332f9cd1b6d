/** PostgreSQL integrity-constraint errors (SQLSTATE class 23) the services translate. */
export interface ConstraintViolation {
  /** SQLSTATE: 23505 unique, 23514 check, 23503 foreign key, 23502 not null. */
  code: string;
  /** The constraint's name when the database reported one. */
  constraint: string | undefined;
}

/**
 * The integrity-constraint violation behind `error`, or null. Drizzle wraps driver errors
 * (node-postgres and PGlite alike) and keeps the original as `cause`, so the chain is walked.
 */
export function findConstraintViolation(error: unknown): ConstraintViolation | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^23\d{3}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}
