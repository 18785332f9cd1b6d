import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { emailOutbox } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { startServer } from '../../src/server/server';
import { passwordResetMessages } from '../../src/shared/messages';
import {
  book,
  matchingProfessional,
  postShift,
  signedInPractice,
} from '../support/notification-fixtures';
import { engineUnderTest, type EngineUnderTest } from '../support/reliability-fixtures';
import { TEST_AUTH_SECRET } from '../support/server-process';
import { startSmtpTestServer, type SmtpTestServer } from '../support/smtp-test-server';
import { clientOf, createClient, type TestServer } from '../support/test-server';

/**
 * SMTP unreachable: the product sends through a real SMTP conversation with a local server that
 * this test stops and starts again on the same port. While it is down, people's actions succeed
 * and their e-mails wait in the outbox with the failure and the next attempt recorded; the mail
 * worker is restarted (the whole server is, over the same database) while they wait; once the SMTP
 * server is back every e-mail arrives exactly once, counted by its Message-ID (the outbox id).
 */

let engine: EngineUnderTest;
let smtp: SmtpTestServer;
let server: TestServer | undefined;

/** The product, in this process, over the engine's database, sending through `smtp`. */
async function startProduct(): Promise<TestServer> {
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: engine.dataDir,
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: 'silent',
    MAIL_POLL_MS: '100',
    JOBS_POLL_MS: '0',
    SMTP_URL: smtp.url,
  });
  const running = await startServer({
    env,
    database: engine.target,
    clientDir: path.join(engine.dataDir, 'no-client'),
  });
  return {
    ...running,
    client: () => clientOf(running),
    stop: () => running.close(),
  };
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  /** Seconds from now until the next attempt. */
  wait_seconds: number;
}

async function outbox(db: TestServer['services']['db']): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    db,
    sql`select id, to_address, subject, status, attempts, last_error,
          extract(epoch from (next_attempt_at - now()))::float8 as wait_seconds
        from email_outbox order by created_at, id`,
  );
}

/** How many messages the SMTP server accepted for each Message-ID. */
function receivedCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.received)
    counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
  return counts;
}

beforeAll(async () => {
  engine = await engineUnderTest();
  smtp = await startSmtpTestServer();
  server = await startProduct();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await engine?.remove();
});

describe(`SMTP unreachable (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('e-mails wait in the outbox while SMTP is down and each is delivered exactly once when it is back', async () => {
    const started = Date.now();
    const practice = await signedInPractice(server!);
    const alice = await matchingProfessional(server!, { firstName: 'Alice' });
    const bob = await matchingProfessional(server!, { firstName: 'Bob' });

    // The pipe works: a password reset request is delivered over SMTP while the server is up.
    const before = (await outbox(server!.services.db)).length;
    const first = await createClient(server!.url).post('/api/password-reset/request', {
      email: alice.email,
    });
    expect(first.status).toBe(200);
    // Accepted by the SMTP server first, then settled in the outbox by the worker.
    let settled: OutboxRow | undefined;
    await waitFor(
      async () => {
        settled = (await outbox(server!.services.db))[before];
        return smtp.received.length === 1 && settled?.status === 'sent';
      },
      15_000,
      'the first e-mail over SMTP, settled as sent',
    );
    const firstRow = settled!;
    expect(smtp.received[0]!.messageId.startsWith(`${firstRow.id}@`)).toBe(true);
    expect(smtp.received[0]!.to).toEqual([alice.email]);

    // SMTP goes away: its port now refuses connections.
    await smtp.stop();
    const connectionsWhileDown = smtp.connections();
    const outageStart = (await outbox(server!.services.db)).length;

    // People keep working; every action succeeds and queues e-mails of several kinds.
    for (const who of [alice, bob, practice]) {
      const res = await createClient(server!.url).post('/api/password-reset/request', {
        email: who.email,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(passwordResetMessages.sent);
    }
    const reviewShift = await postShift(server!, practice.practiceId, { bookingMode: 'review' });
    const applied = await alice.client.post(`/api/professional/shifts/${reviewShift.id}/apply`, {});
    expect(applied.status).toBeLessThan(300);
    const instantShift = await postShift(server!, practice.practiceId, { daysAhead: 3 });
    await book(bob, instantShift.id);

    // Every new e-mail is tried, fails, and goes back to the queue with the error and a delay.
    let queued: OutboxRow[] = [];
    await waitFor(
      async () => {
        queued = (await outbox(server!.services.db)).slice(outageStart);
        return (
          queued.length > 0 && queued.every((row) => row.attempts >= 1 && row.status === 'queued')
        );
      },
      15_000,
      'every e-mail of the outage to be tried once',
    );
    const recipients = queued.map((row) => row.to_address);
    // 3 password resets + the practice told of Alice's application + Bob and the practice told
    // of Bob's booking.
    expect(recipients.filter((to) => to === practice.email).length).toBeGreaterThanOrEqual(3);
    expect(recipients).toEqual(expect.arrayContaining([alice.email, bob.email, practice.email]));
    expect(queued.length).toBeGreaterThanOrEqual(6);
    for (const row of queued) {
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      // First retry 30 s after the failure (db/outbox-queue.ts retryDelaySeconds). The read's
      // now() is its transaction's start, which may precede the failed try's by microseconds
      // (the try committed before the read's snapshot: 30.0005 s once on PostgreSQL).
      expect(row.wait_seconds).toBeGreaterThan(15);
      expect(row.wait_seconds).toBeLessThanOrEqual(30.01);
    }
    expect(smtp.received).toHaveLength(1);
    expect(smtp.connections()).toBe(connectionsWhileDown);

    // The mail worker restarts (the whole server, over the same database) while they wait.
    await server!.stop();
    server = await startProduct();
    const stillQueued = await server.services.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          queued.map((row) => row.id),
        ),
      );
    expect(stillQueued.every((row) => row.status === 'queued')).toBe(true);

    // SMTP comes back on the same port; the retries deliver everything.
    await smtp.start();
    const ids = [firstRow.id, ...queued.map((row) => row.id)];
    await waitFor(
      async () => {
        const rows = await outbox(server!.services.db);
        return rows.filter((row) => ids.includes(row.id)).every((row) => row.status === 'sent');
      },
      45_000,
      'the queued e-mails to be delivered after the outage',
    );
    const rows = (await outbox(server.services.db)).filter((row) => ids.includes(row.id));
    for (const row of rows) {
      expect(row.attempts, row.id).toBe(row.id === firstRow.id ? 1 : 2);
      expect(row.last_error).toBeNull();
    }

    // Another worker restart, and time for more passes: nothing is sent again.
    await server.stop();
    server = await startProduct();
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const counts = receivedCounts();
    for (const row of rows) {
      const [messageId] = [...counts.keys()].filter((id) => id.startsWith(`${row.id}@`));
      expect(messageId, `message for outbox row ${row.id}`).toBeDefined();
      expect(counts.get(messageId!), `copies of ${row.id}`).toBe(1);
      const mail = smtp.received.find((m) => m.messageId === messageId)!;
      expect(mail.to).toEqual([row.to_address]);
    }
    expect(smtp.received).toHaveLength(rows.length);
    console.info(
      `[mail-outage] ${queued.length} e-mails queued during the outage, ` +
        `${smtp.received.length} messages received for ${rows.length} outbox rows, ` +
        `test took ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }, 90_000);

  it('an SMTP server that is up but answers 451 "try again later" gets each e-mail once it accepts', async () => {
    const started = Date.now();
    const db = server!.services.db;
    const sentBefore = smtp.received.length;
    const known = new Set((await outbox(db)).map((row) => row.id));
    const pro = await matchingProfessional(server!, { firstName: 'Cara' });
    smtp.refuseWith('451 4.3.2 Try again later');
    const connectionsBefore = smtp.connections();

    const res = await createClient(server!.url).post('/api/password-reset/request', {
      email: pro.email,
    });
    expect(res.status).toBe(200);
    let row: OutboxRow | undefined;
    await waitFor(
      async () => {
        row = (await outbox(db)).find((r) => !known.has(r.id));
        return row?.status === 'queued' && row.attempts === 1;
      },
      15_000,
      'the refused e-mail to be queued again',
    );
    // The worker did reach the server, which refused with a temporary code.
    expect(smtp.connections()).toBeGreaterThan(connectionsBefore);
    expect(row!.last_error).toMatch(/451/);
    expect(row!.wait_seconds).toBeGreaterThan(15);
    expect(smtp.received).toHaveLength(sentBefore);

    smtp.refuseWith(null);
    await waitFor(
      async () => (await outbox(db)).find((r) => r.id === row!.id)?.status === 'sent',
      45_000,
      'the e-mail to be accepted on retry',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const copies = smtp.received.filter((mail) => mail.messageId.startsWith(`${row!.id}@`));
    expect(copies).toHaveLength(1);
    expect(copies[0]!.to).toEqual([pro.email]);
    expect(smtp.received).toHaveLength(sentBefore + 1);
    console.info(
      `[mail-outage] 451 refusal: delivered on attempt 2, ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }, 90_000);
});
