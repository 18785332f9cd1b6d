import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ShiftSummaryDto } from '../../src/shared/marketplace/booking-replies';
import { MAX_ATTEMPTS } from '../../src/server/db/outbox-queue';
import { noticeQueue, notifications } from '../../src/server/db/schema';
import { notify } from '../../src/server/notifications/notify';
import { queueNotice } from '../../src/server/notifications/notice-queue';
import { serverForFile } from '../support/marketplace-fixtures';
import {
  matchingProfessional,
  postShift,
  signedInPractice,
} from '../support/notification-fixtures';
import type { TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

/** The bell entries of a user as the database holds them now (no delivery asked for). */
const bellNow = (userId: string, kind: string) =>
  server.services.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

const summary: ShiftSummaryDto = {
  id: '00000000-0000-4000-8000-000000000001',
  practiceName: 'Queue Dental',
  position: 'Hygienist',
  startTime: '2026-12-01T13:00:00.000Z',
  endTime: '2026-12-01T21:00:00.000Z',
  rateCents: 5500,
  bookingMode: 'review',
  payThrough: 'chairfill',
  status: 'open',
  location: { name: 'Main Office', address: '1 Main Street', city: 'Hackensack', zipCode: '07601' },
};

describe('notices composed after the commit (decision record 031)', () => {
  it('reach the practice by themselves once the application is committed', async () => {
    const practice = await signedInPractice(server, 'Queue Dental');
    const pro = await matchingProfessional(server, { firstName: 'Quinn' });
    const shift = await postShift(server, practice.practiceId, { bookingMode: 'review' });

    // A plain request, not the test client (which has queued notices delivered first).
    const cookie = [...pro.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const applied = await fetch(`${server.url}/api/professional/shifts/${shift.id}/apply`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ note: '' }),
    });
    expect(applied.status).toBe(201);

    // The notice worker hears of the queued notice on the change channel and delivers it.
    const deadline = Date.now() + 5_000;
    let entries = await bellNow(practice.userId, 'application_received');
    while (entries.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      entries = await bellNow(practice.userId, 'application_received');
    }
    expect(entries).toHaveLength(1);
    expect(`${entries[0]!.title} ${entries[0]!.body}`).toContain('Quinn');
    expect(await server.services.db.select().from(noticeQueue)).toEqual([]);
  });

  it('are queued with the change: a change rolled back queues nothing', async () => {
    const practice = await signedInPractice(server, 'Rollback Dental');
    await expect(
      server.services.db.transaction(async (tx) => {
        await notify(tx, {
          kind: 'application_received',
          practiceUserId: practice.userId,
          professionalName: 'Nobody',
          shift: summary,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await server.deliverQueuedNotices();
    expect(await bellNow(practice.userId, 'application_received')).toEqual([]);
  });

  it('deliver each notice once, and one that fails neither holds up the others nor is lost', async () => {
    const practice = await signedInPractice(server, 'Failing Dental');
    const db = server.services.db;
    // An event no delivery knows (as a bug would make): it fails every time.
    await db.insert(noticeQueue).values({ source: 'marketplace', event: { kind: 'unknown' } });
    await queueNotice(db, {
      source: 'marketplace',
      event: {
        kind: 'application_received',
        practiceUserId: practice.userId,
        professionalName: 'Robin Hale',
        shift: summary,
      },
    });
    await server.deliverQueuedNotices();
    await server.deliverQueuedNotices();

    expect(await bellNow(practice.userId, 'application_received')).toHaveLength(1);
    const [failing] = await db.select().from(noticeQueue);
    expect(failing).toMatchObject({ attempts: 1, failedAt: null });
    expect(failing!.lastError).toBeTruthy();
    expect(failing!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Due again on its last try: it stays, marked failed, with its error.
    await db
      .update(noticeQueue)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(noticeQueue.id, failing!.id));
    await server.deliverQueuedNotices();
    const [kept] = await db.select().from(noticeQueue);
    expect(kept).toMatchObject({ id: failing!.id, attempts: MAX_ATTEMPTS });
    expect(kept!.failedAt).toBeInstanceOf(Date);
    await db.delete(noticeQueue).where(eq(noticeQueue.id, failing!.id));
  });
});
