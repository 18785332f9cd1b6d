/**
 * The data the portal page benchmark signs in to: the demo data (as `npm start` creates it) and
 * the busy practice with 500 shifts, seeded in this process through the product's services into
 * an embedded database under `dataDir`, which the product is then started on.
 */
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { user } from '../../src/server/db/schema';
import { demoAccounts, DEMO_PASSWORD, seedDemoData } from '../../src/server/db/seed/demo-data';
import { loadEnv } from '../../src/server/env';
import { startServer } from '../../src/server/server';
import { seedBusyPractice } from './busy-practice';
import { BENCH_AUTH_SECRET } from './start-product';

export async function seedPortalBenchData(dataDir: string) {
  const env = loadEnv({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: BENCH_AUTH_SECRET,
    LOG_LEVEL: 'warn',
    JOBS_POLL_MS: '0',
    MAIL_POLL_MS: '50',
  });
  // The notifications the seeding sends are delivered nowhere, so none is left queued for the
  // product to send while it is being measured.
  const server = await startServer({ env, transport: { send: async () => {} } });
  try {
    await seedDemoData(server.services);
    const [admin] = await server.services.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demoAccounts[4].email));
    if (!admin) throw new Error('the demo admin is missing');
    const busy = await seedBusyPractice(server.services, admin.id, DEMO_PASSWORD);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [queued] = await queryRows<{ n: number | string }>(
        server.services.db,
        sql`select count(*) as n from email_outbox where status in ('queued', 'sending')`,
      );
      if (Number(queued?.n ?? 0) === 0) break;
      if (Date.now() > deadline) throw new Error('seeded e-mails were not delivered in 120 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return busy;
  } finally {
    await server.close();
  }
}
