import { sql, type SQL } from 'drizzle-orm';

/**
 * `values` as one parameter cast to `type[]` (the driver sends a JavaScript array as a
 * PostgreSQL array, as the ledger's lines are sent): a list of any length is one parameter of a
 * statement that is the same text whatever its length (planned once), where `in ($1, $2, …)` is
 * a new statement for every length. A statement built once takes the array itself as the value
 * of its placeholder.
 */
export function sqlArray(values: readonly string[], type: 'uuid' | 'timestamptz' | 'text'): SQL;
export function sqlArray(values: readonly number[], type: 'integer'): SQL;
export function sqlArray(
  values: readonly (string | number)[],
  type: 'uuid' | 'timestamptz' | 'text' | 'integer',
): SQL {
  return sql`${sql.param(values)}::${sql.raw(type)}[]`;
}
