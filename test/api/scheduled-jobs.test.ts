import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookings,
  timesheets,
  matchNotices,
  professionals,
  scheduledJobs,
  shifts,
} from '../../src/server/db/schema';
import {
  DIGEST_LOOKBACK_HOURS,
  matchingShiftsDigestJob,
} from '../../src/server/jobs/matching-shifts-digest-job';
import type { ScheduledJob } from '../../src/server/jobs/scheduled-job';
import { createScheduler } from '../../src/server/jobs/scheduler';
import { shiftRemindersJob } from '../../src/server/jobs/shift-reminders-job';
import {
  bellEntries,
  book,
  emailsTo,
  matchingProfessional,
  postShift,
  signedInPractice,
} from '../support/notification-fixtures';
import { serverForFile } from '../support/marketplace-fixtures';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import type { TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

const HOUR = 60 * 60_000;

function jobContext() {
  const { db, env, logger, payments, clock } = server.services;
  return { db, env, logger, payments, clock };
}

describe('scheduler', () => {
  it('runs a due job once even with two schedulers on one database', async () => {
    const runs: Date[] = [];
    const job: ScheduledJob = {
      name: `test-once-${Date.now()}`,
      intervalMs: 60_000,
      async run(_ctx, now) {
        runs.push(now);
        // Slow enough that both schedulers are inside their pass at the same time.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { ran: 1 };
      },
    };
    const first = createScheduler({ ctx: jobContext(), jobs: [job] });
    const second = createScheduler({ ctx: jobContext(), jobs: [job] });
    const now = new Date();
    const [a, b] = await Promise.all([first.runDue(now), second.runDue(now)]);
    expect(runs).toHaveLength(1);
    expect([a[0]!.ran, b[0]!.ran].sort()).toEqual([false, true]);

    // Not due again within the interval, from either instance...
    const soon = new Date(now.getTime() + 30_000);
    await Promise.all([first.runDue(soon), second.runDue(soon)]);
    expect(runs).toHaveLength(1);
    // ...and due once more after it.
    const later = new Date(now.getTime() + 61_000);
    await Promise.all([first.runDue(later), second.runDue(later)]);
    expect(runs).toHaveLength(2);

    const [row] = await server.services.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, job.name));
    expect(row!.lastError).toBeNull();
    expect(row!.lockedUntil).toBeNull();
    expect(row!.nextRunAt.getTime()).toBe(later.getTime() + 60_000);
  });

  it('rests after each job it ran as long as the job took, and starts polling one interval after the start', async () => {
    const stamp = Date.now();
    const took = (ms: number): ScheduledJob => ({
      name: `test-paced-${ms}-${stamp}`,
      intervalMs: 60_000,
      async run() {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { ran: 1 };
      },
    });
    const rests: number[] = [];
    const scheduler = createScheduler({
      ctx: jobContext(),
      jobs: [took(40), took(10)],
      rest: async (ms) => {
        rests.push(ms);
      },
    });
    const now = new Date();
    await scheduler.runDue(now);
    expect(rests).toHaveLength(2);
    expect(rests[0]).toBeGreaterThanOrEqual(39);
    expect(rests[1]).toBeGreaterThanOrEqual(9);
    // Not due: no run, no rest.
    await scheduler.runDue(new Date(now.getTime() + 1000));
    expect(rests).toHaveLength(2);

    // Polling: nothing at the start, the first pass after one interval.
    const ran: string[] = [];
    const polled = createScheduler({
      ctx: jobContext(),
      jobs: [
        {
          name: `test-first-poll-${stamp}`,
          intervalMs: 60_000,
          async run() {
            ran.push('ran');
            return {};
          },
        },
      ],
    });
    polled.start(300);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual([]);
    await expect.poll(() => ran.length, { timeout: 5_000 }).toBe(1);
    await polled.stop();
  });

  it('records a failure in last_error and tries again at the next interval', async () => {
    let calls = 0;
    const job: ScheduledJob = {
      name: `test-fails-once-${Date.now()}`,
      intervalMs: 60_000,
      async run() {
        calls += 1;
        if (calls === 1) throw new Error('database hiccup');
        return { ok: 1 };
      },
    };
    const scheduler = createScheduler({ ctx: jobContext(), jobs: [job] });
    const now = new Date();
    const [failed] = await scheduler.runDue(now);
    expect(failed).toMatchObject({ ran: true, error: 'database hiccup' });
    const row = async () =>
      (
        await server.services.db
          .select()
          .from(scheduledJobs)
          .where(eq(scheduledJobs.name, job.name))
      )[0]!;
    expect((await row()).lastError).toBe('database hiccup');
    expect((await row()).lockedUntil).toBeNull();

    // Not retried at once (it would hammer a failing dependency), but at the next interval.
    expect((await scheduler.runDue(new Date(now.getTime() + 1000)))[0]!.ran).toBe(false);
    const [retried] = await scheduler.runDue(new Date(now.getTime() + 60_000));
    expect(retried).toMatchObject({ ran: true, result: { ok: 1 } });
    expect((await row()).lastError).toBeNull();
  });

  it('does not run a job whose lease another instance still holds', async () => {
    let calls = 0;
    const job: ScheduledJob = {
      name: `test-leased-${Date.now()}`,
      intervalMs: 1000,
      async run() {
        calls += 1;
        return {};
      },
    };
    const scheduler = createScheduler({ ctx: jobContext(), jobs: [job] });
    await scheduler.runDue(new Date());
    // Another instance is (still) running it: its lease is in the future.
    await server.services.db
      .update(scheduledJobs)
      .set({
        lockedUntil: sql`now() + interval '5 minutes'`,
        nextRunAt: sql`now() - interval '1 second'`,
      })
      .where(eq(scheduledJobs.name, job.name));
    expect((await scheduler.runDue(new Date()))[0]!.ran).toBe(false);
    expect(calls).toBe(1);
  });
});

describe('day-before reminders', () => {
  it('reminds both sides once per booking, even when the job runs twice', async () => {
    const practice = await signedInPractice(server, 'Reminder Dental');
    const pro = await matchingProfessional(server, { firstName: 'Riley', lastName: 'Stone' });
    const shift = await postShift(server, practice.practiceId, { daysAhead: 3 });
    const booking = await book(pro, shift.id);
    const start = new Date(shift.startTime).getTime();

    // Two days before: too early.
    const early = await shiftRemindersJob.run(jobContext(), new Date(start - 48 * HOUR));
    expect(early.reminders).toBe(0);

    const dayBefore = new Date(start - 20 * HOUR);
    const first = await shiftRemindersJob.run(jobContext(), dayBefore);
    expect(first).toMatchObject({ reminders: 2, emails: 2 });
    const again = await shiftRemindersJob.run(jobContext(), new Date(dayBefore.getTime() + HOUR));
    expect(again).toMatchObject({ reminders: 0, emails: 0 });

    const proBell = await bellEntries(server, pro.userId, 'shift_reminder');
    expect(proBell).toHaveLength(1);
    expect(proBell[0]!.title).toMatch(
      /^Reminder: your Hygienist shift at Reminder Dental, \w{3}, \w{3} \d{1,2} at 8:00 AM$/,
    );
    expect(proBell[0]!.linkPath).toBe('/hygienist-portal/schedule');
    const practiceBell = await bellEntries(server, practice.userId, 'shift_reminder');
    expect(practiceBell).toHaveLength(1);
    expect(practiceBell[0]!.title).toContain('Riley Stone works your Hygienist shift');
    expect(practiceBell[0]!.linkPath).toBe('/practice-portal/schedule');

    const proMail = (await emailsTo(server, pro.email)).filter((m) =>
      m.subject.startsWith('Reminder'),
    );
    expect(proMail).toHaveLength(1);
    expect(proMail[0]!.dedupeKey).toBe(`reminder:${booking.id}:professional`);
    expect(proMail[0]!.htmlBody).toContain('ChairFill');
    expect(proMail[0]!.textBody).toContain('/hygienist-portal/schedule');
    const practiceMail = (await emailsTo(server, practice.email)).filter((m) =>
      m.subject.startsWith('Reminder'),
    );
    expect(practiceMail).toHaveLength(1);
    expect(practiceMail[0]!.dedupeKey).toBe(`reminder:${booking.id}:practice`);
  });

  it('sends no reminder for a cancelled booking or a shift that has started', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    const shift = await postShift(server, practice.practiceId, { daysAhead: 4 });
    const booking = await book(pro, shift.id);
    const start = new Date(shift.startTime).getTime();
    // Started already: nothing.
    expect((await shiftRemindersJob.run(jobContext(), new Date(start + 60_000))).reminders).toBe(0);
    await server.services.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: 'professional', cancelReason: 'Sick' })
      .where(eq(bookings.id, booking.id));
    expect((await shiftRemindersJob.run(jobContext(), new Date(start - 2 * HOUR))).reminders).toBe(
      0,
    );
    expect(await bellEntries(server, pro.userId, 'shift_reminder')).toHaveLength(0);
  });

  it('respects the e-mail opt-out but still puts the reminder under the bell', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    const off = await pro.client.put('/api/notifications/email-preferences', {
      shift_reminder: false,
    });
    expect(off.status).toBe(200);
    const shift = await postShift(server, practice.practiceId, { daysAhead: 5 });
    await book(pro, shift.id);
    const start = new Date(shift.startTime).getTime();
    expect(await shiftRemindersJob.run(jobContext(), new Date(start - 3 * HOUR))).toMatchObject({
      reminders: 2,
      emails: 1,
    });
    expect(await bellEntries(server, pro.userId, 'shift_reminder')).toHaveLength(1);
    expect(
      (await emailsTo(server, pro.email)).filter((m) => m.subject.startsWith('Reminder')),
    ).toHaveLength(0);
    expect(
      (await emailsTo(server, practice.email)).filter((m) => m.subject.startsWith('Reminder')),
    ).toHaveLength(1);
  });
});

describe('new matching shifts digest', () => {
  it('sends one e-mail listing the new fits, at most once an hour, never repeating a shift', async () => {
    // The only professional who runs this case: an assistant (no other test posts assistant shifts).
    const pro = await matchingProfessional(server, { role: 'assistant' });
    const practice = await signedInPractice(server, 'Digest Dental');
    const post = async (daysAhead: number, rate = '55.00') => {
      const [created] = await seedShifts(server.services, practice.practiceId, {
        position: 'Dental Assistant',
        dates: [practiceDateFromToday(daysAhead)],
        rate,
      });
      return created!.id;
    };
    const fitA = await post(2);
    const fitB = await post(3);
    await post(4, '40.00'); // below the $50 minimum: never in a digest

    const now = new Date();
    const first = await matchingShiftsDigestJob.run(jobContext(), now);
    expect(first.emails).toBeGreaterThanOrEqual(1);
    const mails = () =>
      emailsTo(server, pro.email).then((rows) =>
        rows.filter((m) => /match(es)? your profile$/.test(m.subject)),
      );
    const firstMails = await mails();
    expect(firstMails).toHaveLength(1);
    expect(firstMails[0]!.subject).toBe('2 new shifts match your profile');
    expect(firstMails[0]!.textBody).toContain('Dental Assistant · ');
    expect(firstMails[0]!.textBody).toContain('Digest Dental');
    expect(firstMails[0]!.textBody).toContain('$55.00/h');
    expect(firstMails[0]!.textBody).not.toContain('$40.00/h');
    expect(firstMails[0]!.textBody).toContain('/dental-assistant/find-shifts');
    const noticed = await server.services.db
      .select()
      .from(matchNotices)
      .where(eq(matchNotices.professionalId, pro.professionalId));
    expect(noticed.map((n) => n.shiftId).sort()).toEqual([fitA, fitB].sort());
    const bell = await bellEntries(server, pro.userId, 'new_matching_shifts');
    expect(bell).toHaveLength(1);
    expect(bell[0]!.linkPath).toBe('/dental-assistant/find-shifts');

    // A new shift 30 minutes later: held back (one digest an hour).
    const fitC = await post(5);
    await matchingShiftsDigestJob.run(jobContext(), new Date(now.getTime() + 30 * 60_000));
    expect(await mails()).toHaveLength(1);

    // After the hour: one more e-mail, with only the new shift.
    await matchingShiftsDigestJob.run(jobContext(), new Date(now.getTime() + 61 * 60_000));
    const secondMails = await mails();
    expect(secondMails).toHaveLength(2);
    const second = secondMails.find((m) => m.id !== firstMails[0]!.id)!;
    expect(second.subject).toBe('A new Dental Assistant shift matches your profile');
    const noticedNow = await server.services.db
      .select()
      .from(matchNotices)
      .where(eq(matchNotices.professionalId, pro.professionalId));
    expect(noticedNow.map((n) => n.shiftId).sort()).toEqual([fitA, fitB, fitC].sort());

    // Nothing new: nothing more, however often it runs.
    await matchingShiftsDigestJob.run(jobContext(), new Date(now.getTime() + 3 * HOUR));
    expect(await mails()).toHaveLength(2);
    expect(await bellEntries(server, pro.userId, 'new_matching_shifts')).toHaveLength(2);
  });

  it('tells only about shifts posted in the last day, not every older open shift', async () => {
    const pro = await matchingProfessional(server, { role: 'hygienist' });
    await server.services.db
      .update(professionals)
      .set({ minimumRateCents: 9_000 })
      .where(eq(professionals.id, pro.professionalId));
    const practice = await signedInPractice(server, 'Lookback Dental');
    const [older] = await seedShifts(server.services, practice.practiceId, {
      dates: [practiceDateFromToday(6)],
      rate: '95.00',
    });
    const [recent] = await seedShifts(server.services, practice.practiceId, {
      dates: [practiceDateFromToday(7)],
      rate: '96.00',
    });
    // The first was posted two days ago: Find Shifts shows it, the digest does not call it new.
    await server.services.db
      .update(shifts)
      .set({ createdAt: new Date(Date.now() - (DIGEST_LOOKBACK_HOURS + 24) * HOUR) })
      .where(eq(shifts.id, older!.id));
    await matchingShiftsDigestJob.run(jobContext(), new Date());
    const noticed = await server.services.db
      .select()
      .from(matchNotices)
      .where(eq(matchNotices.professionalId, pro.professionalId));
    expect(noticed.map((n) => n.shiftId)).toEqual([recent!.id]);
  });

  it('records the fits of an opted-out professional without e-mailing them, and skips pending ones', async () => {
    const optedOut = await matchingProfessional(server, { role: 'front-desk' });
    const pending = await matchingProfessional(server, { role: 'front-desk', status: 'pending' });
    expect(
      (
        await optedOut.client.put('/api/notifications/email-preferences', {
          new_matching_shifts: false,
        })
      ).status,
    ).toBe(200);
    const practice = await signedInPractice(server);
    const [shift] = await seedShifts(server.services, practice.practiceId, {
      position: 'Front Desk',
      dates: [practiceDateFromToday(2)],
      timePerPatient: null,
    });
    await matchingShiftsDigestJob.run(jobContext(), new Date());
    const noticed = await server.services.db
      .select()
      .from(matchNotices)
      .where(eq(matchNotices.shiftId, shift!.id));
    expect(noticed.map((n) => n.professionalId)).toEqual([optedOut.professionalId]);
    expect(await bellEntries(server, optedOut.userId, 'new_matching_shifts')).toHaveLength(1);
    expect(await emailsTo(server, optedOut.email)).toHaveLength(0);
    expect(await bellEntries(server, pending.userId, 'new_matching_shifts')).toHaveLength(0);

    // Turning the e-mail back on later does not bring the old shifts back in a burst.
    await optedOut.client.put('/api/notifications/email-preferences', {
      new_matching_shifts: true,
    });
    await matchingShiftsDigestJob.run(jobContext(), new Date(Date.now() + 2 * HOUR));
    expect(await emailsTo(server, optedOut.email)).toHaveLength(0);
  });
});

describe('POST /api/dev/jobs/run', () => {
  it('runs every job as of `now`: an ended shift gets its scheduled timesheet, then is approved and completed', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    const shift = await postShift(server, practice.practiceId, { daysAhead: 2 });
    const booking = await book(pro, shift.id);
    const hoursAfterEnd = (hours: number) =>
      new Date(new Date(shift.endTime).getTime() + hours * 3_600_000 + 60_000).toISOString();
    const bookingStatus = async () =>
      (await server.services.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!
        .status;

    // Right after the end nothing is decided: the professional may still check out.
    const soon = await server.client().post('/api/dev/jobs/run', { now: hoursAfterEnd(0) });
    expect(soon.status).toBe(200);
    expect(soon.body.now).toBe(hoursAfterEnd(0));
    expect(soon.body.jobs.map((job: { name: string }) => job.name)).toEqual([
      'timesheet-deadlines',
      'payments',
      'weekly-invoices',
      'expire-unfilled-shifts',
      'shift-reach',
      'backfill',
      'shift-reminders',
      'matching-shifts-digest',
      'applicant-summaries',
      'credential-expiry',
      'message-emails',
      'message-retention',
      'alert-days-retention',
    ]);
    expect(await bookingStatus()).toBe('confirmed');

    // A day after the end, the scheduled hours are submitted for the practice to decide.
    const dayAfter = await server.client().post('/api/dev/jobs/run', { now: hoursAfterEnd(24) });
    expect(dayAfter.body.jobs[0].result.scheduledTimesheets).toBeGreaterThanOrEqual(1);
    const [sheet] = await server.services.db
      .select()
      .from(timesheets)
      .where(eq(timesheets.bookingId, booking.id));
    expect(sheet).toMatchObject({ status: 'submitted', submittedBy: 'scheduled' });
    expect(await bookingStatus()).toBe('confirmed');

    // 48 hours later nobody decided: it is approved and the booking completed.
    const later = await server.client().post('/api/dev/jobs/run', { now: hoursAfterEnd(24 + 48) });
    expect(later.body.jobs[0].result.approvedTimesheets).toBeGreaterThanOrEqual(1);
    expect(await bookingStatus()).toBe('completed');

    // Without a body it runs as of now.
    expect((await server.client().post('/api/dev/jobs/run')).status).toBe(200);
  });

  it('refuses a bad `now` with a 400', async () => {
    const res = await server.client().post('/api/dev/jobs/run', { now: 'tomorrow' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('ISO');
  });
});
