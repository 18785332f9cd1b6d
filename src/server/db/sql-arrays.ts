import { sql, type SQL } from 'drizzle-orm';

/**
 * A PostgreSQL array literal of `values` ('{"a","b"}'), each element quoted and escaped, as one
 * parameter cast to `type[]`: a list of any length is one parameter of a statement that is the
 * same text whatever its length (planned once), where `in ($1, $2, …)` is a new statement for
 * every length.
 */
export function sqlArray(values: readonly string[], type: 'uuid' | 'timestamptz' | 'text'): SQL {
  return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
}

/** The array literal itself, as the value of a placeholder cast to an array type. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
