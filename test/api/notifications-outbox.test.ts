import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import { deliverDueEmails, enqueueEmail, enqueueEmails } from '../../src/server/mail/outbox';
import type { MailTransport, OutgoingMessage } from '../../src/server/mail/transport';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
const from = 'ChairFill <no-reply@example.com>';

beforeAll(async () => {
  // The server's own worker polls rarely here, so only these tests deliver.
  server = await startTestServer({ MAIL_POLL_MS: '600000' });
});
afterAll(async () => {
  await server?.stop();
});

function message(to: string) {
  return { to, subject: `Hello ${to}`, text: 'hello', html: '<p>hello</p>' };
}

async function row(id: string) {
  const [found] = await server.services.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found!;
}

describe('outbox dedupe keys', () => {
  it('queues an e-mail with a key once, however often it is enqueued', async () => {
    const { db } = server.services;
    const key = `test:${randomUUID()}`;
    const to = `dedupe-${randomUUID().slice(0, 8)}@example.com`;
    const first = await enqueueEmail(db, message(to), { dedupeKey: key });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await enqueueEmail(db, message(to), { dedupeKey: key })).toBeNull();
    const batch = await enqueueEmails(db, [
      { ...message(to), dedupeKey: key },
      { ...message(to), dedupeKey: `${key}:other` },
      message(to),
    ]);
    expect(batch).toHaveLength(2);
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.dedupeKey === key)).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('sends each message once even with two workers delivering at the same time', async () => {
    const { db } = server.services;
    const to = `once-${randomUUID().slice(0, 8)}@example.com`;
    const ids = await enqueueEmails(db, [message(to), message(to), message(to)]);
    const sent: OutgoingMessage[] = [];
    const slowTransport: MailTransport = {
      async send(outgoing) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        sent.push(outgoing);
      },
    };
    const [a, b] = await Promise.all([
      deliverDueEmails(db, slowTransport, from, 50),
      deliverDueEmails(db, slowTransport, from, 50),
    ]);
    const ours = sent.filter((m) => m.to === to);
    expect(ours.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(a + b).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    // Due or not, a sent message is never claimed again.
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.toAddress, to));
    await deliverDueEmails(db, slowTransport, from, 50);
    expect(sent.filter((m) => m.to === to)).toHaveLength(3);
  });

  it('retries a failed send (a transport that fails once) and then sends it exactly once', async () => {
    const { db } = server.services;
    const to = `retry-${randomUUID().slice(0, 8)}@example.com`;
    const id = (await enqueueEmail(db, message(to), { dedupeKey: `retry:${to}` }))!;
    let failures = 1;
    const sent: string[] = [];
    const flaky: MailTransport = {
      async send(outgoing) {
        if (outgoing.id !== id) return;
        if (failures > 0) {
          failures -= 1;
          throw new Error('connection reset');
        }
        sent.push(outgoing.id);
      },
    };
    await deliverDueEmails(db, flaky, from, 50);
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'connection reset',
    });
    expect((await row(id)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.id, id));
    await deliverDueEmails(db, flaky, from, 50);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.id, id));
    await deliverDueEmails(db, flaky, from, 50);
    expect(sent).toEqual([id]);
  });

  it("records a batch's delivered messages together and leaves its failed one queued", async () => {
    const { db } = server.services;
    const to = `batch-${randomUUID().slice(0, 8)}@example.com`;
    const ids = await enqueueEmails(db, [message(to), message(to), message(to)]);
    const failing = ids[1]!;
    const transport: MailTransport = {
      async send(outgoing) {
        if (outgoing.to !== to) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (outgoing.id === failing) throw new Error('mailbox full');
      },
    };
    await deliverDueEmails(db, transport, from, 50);
    const [first, second, third] = await Promise.all(ids.map(row));
    expect(first).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      lockedUntil: null,
    });
    expect(third).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      lockedUntil: null,
    });
    expect(second).toMatchObject({ status: 'queued', attempts: 1, lastError: 'mailbox full' });
    // One statement recorded both (its now()), though their sends were 40 ms apart.
    expect(first!.sentAt).not.toBeNull();
    expect(third!.sentAt!.getTime()).toBe(first!.sentAt!.getTime());
  });

  it('records a late delivery only for the messages whose lease it still holds', async () => {
    const { db } = server.services;
    const to = `late-sent-${randomUUID().slice(0, 8)}@example.com`;
    const [kept, takenOver] = await enqueueEmails(db, [message(to), message(to)]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: MailTransport = {
      async send(outgoing) {
        if (outgoing.to === to) await gate;
      },
    };
    const slowPass = deliverDueEmails(db, slow, from, 50);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One message's lease runs out and another worker sends it meanwhile; it fails this time.
    await db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, takenOver!));
    await deliverDueEmails(
      db,
      {
        send: async (m) => {
          if (m.id === takenOver) throw new Error('greylisted');
        },
      },
      from,
      50,
    );
    release();
    await slowPass;
    expect(await row(kept!)).toMatchObject({ status: 'sent', attempts: 1 });
    // The first worker's late success does not overwrite the second attempt's outcome.
    expect(await row(takenOver!)).toMatchObject({
      status: 'queued',
      attempts: 2,
      lastError: 'greylisted',
    });
  });

  it('ignores a late outcome from a worker whose lease was taken over', async () => {
    const { db } = server.services;
    const to = `late-${randomUUID().slice(0, 8)}@example.com`;
    const id = (await enqueueEmail(db, message(to)))!;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first worker hangs, then fails; meanwhile its lease runs out and another sends it.
    const stuck: MailTransport = {
      async send(outgoing) {
        if (outgoing.id !== id) return;
        await gate;
        throw new Error('timed out');
      },
    };
    const stuckPass = deliverDueEmails(db, stuck, from, 50);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
    await db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    const delivered: string[] = [];
    await deliverDueEmails(db, { send: async (m) => void delivered.push(m.id) }, from, 50);
    expect(delivered).toContain(id);
    release();
    await stuckPass;
    // The stale failure did not put the sent message back in the queue.
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
