import { createHash } from 'node:crypto';

/** A Drizzle query that can be prepared under a name (a select, insert, update or delete). */
interface Nameable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * Runs `query` as a named prepared statement, named after its SQL text, on whichever connection
 * (or transaction) it was built on. PostgreSQL then parses it once per connection and, once five
 * plans have shown that a generic plan costs no more than planning each time, stops planning it.
 * For statements whose text never changes but whose planning costs more than running them (issue
 * 19, session 17: the shift a professional takes, 6.4 ms of planning for 0.5 ms of work on the
 * large market); the values stay parameters. With a text of its own per shape, a statement built
 * differently (an optional part) is a statement of its own, never a name used twice. PGlite runs
 * it as any other query.
 */
export function runNamed<T>(query: Nameable<T>): Promise<T> {
  const name = `n_${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 27)}`;
  return query.prepare(name).execute();
}
