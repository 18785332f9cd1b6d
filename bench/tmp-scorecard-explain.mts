import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../src/server/db/client.ts';
import { readPracticeScorecards } from '../src/server/services/trust/practice-scorecard.ts';
const handle = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 2 });
const ids = (await handle.db.execute(sql`select id from practices order by id limit 60 offset 100`)) as any;
const practiceIds = (ids.rows ?? ids).map((r: any) => r.id);
const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
await c.connect();
const fakeTx = {
  execute: async (q: any) => {
    const query = new PgDialect().sqlToQuery(q);
    if (query.sql.startsWith('set local')) return { rows: [] };
    await c.query('set jit = off'); if (process.env.TRY) for (const s of process.env.TRY.split(';')) await c.query(s);
    for (let i = 0; i < 2; i++) {
      const t = performance.now();
      const plan = await c.query('explain (analyze, buffers, costs off) ' + query.sql, query.params);
      if (i === 1) console.log(plan.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
      console.log('ms', performance.now() - t);
    }
    return { rows: [] };
  },
};
const fakeDb = { transaction: async (f: any) => f(fakeTx) };
await readPracticeScorecards(fakeDb as any, practiceIds);
await c.end();
await handle.close();
