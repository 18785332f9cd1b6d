import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/server/db/client';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { scheduledJobList } from '../../src/server/jobs/jobs';
import { enqueueEmails } from '../../src/server/mail/outbox';
import { loginErrors } from '../../src/shared/messages';
import {
  engineUnderTest,
  sameSessionAt,
  seedCast,
  shiftRequest,
  signIn,
  type EngineUnderTest,
  type SeededCast,
} from '../support/reliability-fixtures';
import {
  freePort,
  processEnv,
  startServerProcess,
  stopServerProcess,
  withServices,
  type ServerProcess,
} from '../support/server-process';
import { fitEveryNearbyShift } from '../support/nearby-professional';
import { createClient, type ApiClient } from '../support/test-server';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: nothing that must be
 * shared lives in one process's memory. A session made on one works on the other, the sign-in
 * rate limit counts on both together, each queued e-mail is claimed and delivered by exactly one
 * of them, each scheduled job is claimed once, and a booking race across both has one winner.
 * Claims are counted by an audit trigger the test adds to its own database.
 */

const skipReason = process.env.DATABASE_URL
  ? undefined
  : 'DATABASE_URL is not set (two processes cannot share the embedded database)';
if (skipReason) console.info(`[two-instances] skipped: ${skipReason}`);

const PROFESSIONALS = 10;
let engine: EngineUnderTest;
let cast: SeededCast;
let db: DatabaseHandle;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
const dirs: string[] = [];

beforeAll(async () => {
  if (skipReason) return;
  engine = await engineUnderTest();
  cast = await withServices(engine.target, engine.dataDir, (services) =>
    seedCast(services, PROFESSIONALS),
  );
  db = await openDatabase(engine.target);
  // Test-only audit: one row per claim of a job run or of an e-mail.
  await db.db.execute(
    sql.raw(`
    create table audit_claims (kind text not null, name text not null, run timestamptz,
      at timestamptz default now());
    create function audit_job_claim() returns trigger language plpgsql as $$ begin
      if new.locked_until is not null and old.locked_until is distinct from new.locked_until then
        insert into audit_claims (kind, name, run) values ('job', new.name, old.next_run_at);
      end if; return new; end $$;
    create trigger audit_job_claim after update on scheduled_jobs for each row execute function audit_job_claim();
    create function audit_mail_claim() returns trigger language plpgsql as $$ begin
      if new.status = 'sending' and old.status <> 'sending' then
        insert into audit_claims (kind, name) values ('mail', new.id::text); end if; return new; end $$;
    create trigger audit_mail_claim after update on email_outbox for each row execute function audit_mail_claim();
  `),
  );
  const start = async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-faults-'));
    dirs.push(dataDir);
    return startServerProcess(
      processEnv({
        port: await freePort(),
        dataDir,
        databaseUrl: engine.databaseUrl,
        overrides: { JOBS_POLL_MS: '100', MAIL_POLL_MS: '100' },
      }),
    );
  };
  [a, b] = await Promise.all([start(), start()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
  await db?.close();
  await engine?.remove();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(skipReason)('two server instances on one PostgreSQL', () => {
  it('a session made on one instance works on the other', async () => {
    const onA = await signIn(a!.url, cast.practice, 'practice');
    const onB = sameSessionAt(b!.url, onA);
    expect((await onB.get('/api/practice/shifts')).status).toBe(200);
    // Signing out on B ends the session on A too.
    expect((await onB.post('/api/auth/sign-out', {})).status).toBeLessThan(300);
    expect((await onA.get('/api/practice/shifts')).status).toBe(401);
  });

  it('the sign-in rate limit counts failures on both instances together', async () => {
    const email = cast.professionals[PROFESSIONALS - 1]!.email;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const client = createClient(i % 2 === 0 ? a!.url : b!.url);
      const res = await client.post('/api/login', {
        email,
        password: 'not-the-password-1',
        audience: 'professional',
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.error.message).toBe(loginErrors.tooManyRequests);
    }
    // Ten failures per account from one address in 15 minutes: the 11th and 12th are refused, on
    // either instance.
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('each queued e-mail is claimed and delivered once, each scheduled job claimed once', async () => {
    const ids = await enqueueEmails(
      db.db,
      Array.from({ length: 30 }, (_, i) => ({
        to: `pro${i}@example.com`,
        subject: `Message ${i}`,
        text: `Message ${i}`,
        html: `<p>Message ${i}</p>`,
      })),
    );
    await waitFor(
      async () => {
        const [row] = await queryRows<{ n: number }>(
          db.db,
          sql`select count(*)::int as n from email_outbox where id in ${ids} and status = 'sent'`,
        );
        return row!.n === ids.length;
      },
      30_000,
      'the e-mails to be sent',
    );
    // Delivered files of both instances: each message exactly once.
    const delivered: string[] = [];
    for (const dir of dirs) {
      const mailDir = path.join(dir, 'mail');
      const files = (() => {
        try {
          return readdirSync(mailDir);
        } catch {
          return [];
        }
      })();
      for (const file of files) {
        delivered.push(JSON.parse(readFileSync(path.join(mailDir, file), 'utf8')).id);
      }
    }
    const ours = delivered.filter((id) => ids.includes(id));
    expect(ours.sort()).toEqual([...ids].sort());
    const mailClaims = await queryRows<{ name: string; n: number }>(
      db.db,
      sql`select name, count(*)::int as n from audit_claims where kind = 'mail' group by name`,
    );
    for (const id of ids) expect(mailClaims.find((c) => c.name === id)?.n, id).toBe(1);

    // Both poll every 100 ms; each run of each job was claimed once (a run is the time it was
    // due: shift-reach runs every 5 s, so it may run twice while the others run once).
    await waitFor(
      async () => {
        const rows = await queryRows<{ n: number }>(
          db.db,
          sql`select count(distinct name)::int as n from audit_claims where kind = 'job'`,
        );
        return rows[0]!.n === scheduledJobList.length;
      },
      30_000,
      'every job to run',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const jobClaims = await queryRows<{ name: string; n: number }>(
      db.db,
      sql`select name, count(*)::int as n from audit_claims where kind = 'job'
        group by name, run order by name, run`,
    );
    expect([...new Set(jobClaims.map((claim) => claim.name))]).toEqual(
      scheduledJobList.map((job) => job.name).sort(),
    );
    expect(jobClaims.filter((claim) => claim.n !== 1)).toEqual([]);
  });

  it('a session signed out through one instance is refused by the other, which had kept it', async () => {
    const onA = await signIn(a!.url, cast.practice, 'practice');
    const onB = createClient(b!.url);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    // Read twice on B: B keeps the session.
    expect((await onB.get('/api/practice/dashboard')).status).toBe(200);
    expect((await onB.get('/api/practice/dashboard')).status).toBe(200);
    expect((await onA.post('/api/auth/sign-out', {})).status).toBe(200);
    await waitFor(
      async () => (await onB.get('/api/practice/dashboard')).status === 401,
      2_000,
      'the signed-out session refused on B',
    );
  });

  it('Find Shifts on one instance follows changes made through the other, and forgets what it kept when it stops hearing of them', async () => {
    const pro = cast.professionals[0]!;
    await fitEveryNearbyShift(db.db, pro.professionalId);
    const onA = await signIn(a!.url, pro, 'professional');
    const practiceOnB = await signIn(b!.url, cast.practice, 'practice');
    const boardOnA = async () => {
      const res = await onA.get('/api/professional/shift-board');
      expect(res.status).toBe(200);
      return (res.body.shifts as Array<{ id: string }>).map((shift) => shift.id);
    };
    const post = async (notes: string) => {
      const res = await practiceOnB.post(
        '/api/practice/shifts',
        shiftRequest(cast.practice.locationId, [practiceDateFromToday(3)], notes, 'review'),
      );
      expect(res.status).toBe(201);
      return res.body.shifts[0].id as string;
    };
    // Read twice: A keeps the board (an answer is kept for up to five minutes otherwise).
    await boardOnA();
    await boardOnA();
    const first = await post('posted through B');
    await waitFor(async () => (await boardOnA()).includes(first), 2_000, 'the shift on A');

    // Every instance's announcements connection is cut: until it listens again, nothing is
    // answered from memory, so a shift posted meanwhile (its announcement lost) is still shown.
    await db.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await boardOnA();
    const second = await post('posted while A was not listening');
    expect(await boardOnA()).toContain(second);

    // Listening again (a second later): boards are kept and followed as before.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await boardOnA();
    const third = await post('posted after A listens again');
    await waitFor(async () => (await boardOnA()).includes(third), 2_000, 'the third shift on A');
  });

  it('a booking race across the two instances has one winner per shift', async () => {
    const practice = await signIn(a!.url, cast.practice, 'practice');
    const posted = await practice.post(
      '/api/practice/shifts',
      shiftRequest(
        cast.practice.locationId,
        [5, 6, 7].map((d) => practiceDateFromToday(d)),
        'two-instance race',
      ),
    );
    expect(posted.status).toBe(201);
    const pros: ApiClient[] = [];
    for (let i = 0; i < PROFESSIONALS - 1; i += 1) {
      pros.push(
        await signIn(i % 2 === 0 ? a!.url : b!.url, cast.professionals[i]!, 'professional'),
      );
    }
    for (const shift of posted.body.shifts as Array<{ id: string }>) {
      const results = await Promise.all(
        pros.map((pro) => pro.post(`/api/professional/shifts/${shift.id}/book`)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(pros.length - 1);
      const live = await queryRows<{ n: number }>(
        db.db,
        sql`select count(*)::int as n from bookings where shift_id = ${shift.id} and status = 'confirmed'`,
      );
      expect(live[0]!.n).toBe(1);
    }
  });
});
