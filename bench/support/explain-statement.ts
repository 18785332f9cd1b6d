import type pg from 'pg';

/**
 * EXPLAIN ANALYZE of one captured statement on `client` (in the caller's transaction), printed as
 * a one-line summary; returns the plan's lines.
 */
export async function explainStatement(
  client: pg.PoolClient,
  statement: { query: string; params: unknown[] },
  options: { settings?: boolean } = {},
): Promise<string[]> {
  const plan = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, costs off, timing on, summary on${options.settings ? ', settings on' : ''}) ${statement.query}`,
    statement.params,
  );
  const lines = plan.rows.map((r) => r['QUERY PLAN']);
  console.log(
    '  ',
    statement.query.slice(0, 90).replace(/\s+/g, ' '),
    '\n     ',
    lines.slice(-2).join(' | '),
  );
  return lines;
}

/** The statement and its plan as Markdown code blocks. */
export function planMarkdown(query: string, lines: string[]): string[] {
  return ['```sql', query.replace(/\n\s*\n/g, '\n').trim(), '```', '', '```', ...lines, '```', ''];
}
