import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Holds a transaction-scoped advisory lock named after the job, so a run started by hand (the
 * development route) and a scheduled run of the same job never interleave.
 */
export async function lockJob(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chairfill-job:${name}`}))`);
}
