import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProfessionalRole } from '../../src/shared/accounts';
import { addDays, practiceInstant } from '../../src/shared/practice/shift-dates';
import { weekDays } from '../../src/shared/professional/availability';
import { alertDays, matchNotices, professionals, shifts } from '../../src/server/db/schema';
import { seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { homeCoordinates } from '../../src/server/geo/zip-centroids';
import {
  DIGEST_LOOKBACK_HOURS,
  createMatchingShiftsDigestJob,
  matchingShiftsDigestJob,
} from '../../src/server/jobs/matching-shifts-digest-job';
import { alertDayOf } from '../../src/server/notifications/alert-slots';
import { serverForFile } from '../support/marketplace-fixtures';
import { recordingDatabase } from '../support/recording-database';
import { bellEntries, emailsTo, signedInPractice } from '../support/notification-fixtures';
import type { TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function jobContext() {
  const { db, env, logger, payments, clock } = server.services;
  return { db, env, logger, payments, clock };
}

/**
 * A verified professional who fits every shift of their role posted near Hackensack at $50/h or
 * more (home 07601, 25 miles, any day 6 AM to 10 PM). Each case uses its own role, so the others'
 * shifts never fit its professionals.
 */
async function verifiedProfessional(role: ProfessionalRole) {
  const pro = await seedProfessional(server.services, role, { zipCode: '07601' });
  const [row] = await server.services.db
    .update(professionals)
    .set({
      status: 'verified',
      homeZipCode: '07601',
      ...homeCoordinates('07601'),
      travelDistanceMiles: 25,
      minimumRateCents: 5000,
      availability: weekDays.map((day) => ({ day, startTime: '06:00', endTime: '22:00' })),
    })
    .where(eq(professionals.userId, pro.userId))
    .returning({ id: professionals.id });
  return { id: row!.id, userId: pro.userId, email: pro.email };
}

async function noticesOf(professionalIds: string[]) {
  return server.services.db
    .select()
    .from(matchNotices)
    .where(inArray(matchNotices.professionalId, professionalIds));
}

async function digestMails(email: string) {
  return (await emailsTo(server, email)).filter((m) => /match(es)? your profile$/.test(m.subject));
}

describe('new matching shifts digest at scale', () => {
  it('tells about shifts posted in the last day up to now, not before nor after', async () => {
    const pro = await verifiedProfessional('hygienist');
    const practice = await signedInPractice(server, 'Window Dental');
    const [tooOld, justInside, later] = await seedShifts(server.services, practice.practiceId, {
      dates: [practiceDateFromToday(3), practiceDateFromToday(4), practiceDateFromToday(5)],
      rate: '60.00',
    });
    const now = new Date();
    const postedAt = async (id: string, at: Date) =>
      server.services.db.update(shifts).set({ createdAt: at }).where(eq(shifts.id, id));
    await postedAt(tooOld!.id, new Date(now.getTime() - DIGEST_LOOKBACK_HOURS * HOUR - MINUTE));
    await postedAt(justInside!.id, new Date(now.getTime() - DIGEST_LOOKBACK_HOURS * HOUR + MINUTE));
    await postedAt(later!.id, new Date(now.getTime() + 10 * MINUTE));

    await matchingShiftsDigestJob.run(jobContext(), now);
    expect((await noticesOf([pro.id])).map((n) => n.shiftId)).toEqual([justInside!.id]);
    const [mail] = await digestMails(pro.email);
    expect(mail!.subject).toBe('A new Hygienist shift matches your profile');
    expect(mail!.textBody).toContain('Window Dental');

    // The shift posted after that run is new at the next digest an hour later; the one older
    // than the lookback never is.
    await matchingShiftsDigestJob.run(jobContext(), new Date(now.getTime() + HOUR + MINUTE));
    expect((await noticesOf([pro.id])).map((n) => n.shiftId).sort()).toEqual(
      [justInside!.id, later!.id].sort(),
    );
    expect(await digestMails(pro.email)).toHaveLength(2);
  });

  it('tells at most the cap of professionals a run; the next runs tell the others', async () => {
    const pros = await Promise.all([
      verifiedProfessional('assistant'),
      verifiedProfessional('assistant'),
      verifiedProfessional('assistant'),
    ]);
    const practice = await signedInPractice(server, 'Capped Dental');
    const [shift] = await seedShifts(server.services, practice.practiceId, {
      position: 'Dental Assistant',
      dates: [practiceDateFromToday(2)],
      rate: '55.00',
    });
    const capped = createMatchingShiftsDigestJob({ professionalsPerRun: 2 });
    const now = Date.now();

    const first = await capped.run(jobContext(), new Date(now));
    expect(first.professionals).toBe(2);
    const toldFirst = await noticesOf(pros.map((p) => p.id));
    expect(toldFirst).toHaveLength(2);

    const told = new Set(toldFirst.map((n) => n.professionalId));
    for (let run = 1; run <= 4 && told.size < pros.length; run++) {
      const result = await capped.run(jobContext(), new Date(now + run * 5 * MINUTE));
      expect(result.professionals).toBeLessThanOrEqual(2);
      for (const notice of await noticesOf(pros.map((p) => p.id))) told.add(notice.professionalId);
    }
    expect(told.size).toBe(3);
    const notices = await noticesOf(pros.map((p) => p.id));
    expect(notices.map((n) => n.shiftId)).toEqual([shift!.id, shift!.id, shift!.id]);
    for (const pro of pros) {
      const mails = await digestMails(pro.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('A new Dental Assistant shift matches your profile');
      expect(await bellEntries(server, pro.userId, 'new_matching_shifts')).toHaveLength(1);
    }
  });

  it("tells a run's professionals a batch at a time, each batch on its own, up to the cap", async () => {
    const pros = await Promise.all([
      verifiedProfessional('assistant'),
      verifiedProfessional('assistant'),
      verifiedProfessional('assistant'),
    ]);
    const practice = await signedInPractice(server, 'Batched Dental');
    await seedShifts(server.services, practice.practiceId, {
      position: 'Dental Assistant',
      dates: [practiceDateFromToday(3)],
      rate: '56.00',
    });
    const now = Date.now();
    // One at a time, at most two a run: two batches, two professionals told.
    const capped = createMatchingShiftsDigestJob({
      professionalsPerRun: 2,
      professionalsPerBatch: 1,
    });
    const recording = recordingDatabase(server);
    const first = await capped.run({ ...jobContext(), db: recording.db }, new Date(now));
    expect(first.professionals).toBe(2);
    // A transaction per batch, each holding the job's lock.
    const locks = recording.statements.filter((statement) =>
      statement.includes('pg_advisory_xact_lock'),
    );
    expect(locks).toHaveLength(2);
    const toldFirst = new Set(
      (await noticesOf(pros.map((p) => p.id))).map((n) => n.professionalId),
    );
    expect(toldFirst.size).toBe(2);
    // One at a time with room for all: the third in its own batch; then a batch finds no one.
    const roomy = createMatchingShiftsDigestJob({
      professionalsPerRun: 10,
      professionalsPerBatch: 1,
    });
    const second = await roomy.run(jobContext(), new Date(now + 5 * MINUTE));
    expect(second.professionals).toBe(1);
    const notices = await noticesOf(pros.map((p) => p.id));
    expect(new Set(notices.map((n) => n.professionalId)).size).toBe(3);
    for (const pro of pros) expect(await digestMails(pro.email)).toHaveLength(1);
  });

  it('never tells a professional twice, even when two runs meet', async () => {
    const pro = await verifiedProfessional('front-desk');
    const practice = await signedInPractice(server, 'Twice Dental');
    const posted = await seedShifts(server.services, practice.practiceId, {
      position: 'Front Desk',
      dates: [practiceDateFromToday(2), practiceDateFromToday(3)],
      rate: '52.00',
      timePerPatient: null,
    });
    const now = new Date();
    const runs = await Promise.all([
      matchingShiftsDigestJob.run(jobContext(), now),
      matchingShiftsDigestJob.run(jobContext(), now),
    ]);
    // The job's lock makes one run wait for the other, which then finds nothing new for them.
    expect(runs.some((r) => (r.professionals ?? 0) >= 1)).toBe(true);
    expect((await noticesOf([pro.id])).map((n) => n.shiftId).sort()).toEqual(
      posted.map((s) => s.id).sort(),
    );

    // Hours later, with nothing new posted: nothing more.
    await matchingShiftsDigestJob.run(jobContext(), new Date(now.getTime() + 2 * HOUR));
    await matchingShiftsDigestJob.run(jobContext(), new Date(now.getTime() + 3 * HOUR));
    const mails = await digestMails(pro.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 new shifts match your profile');
    expect(await bellEntries(server, pro.userId, 'new_matching_shifts')).toHaveLength(1);
    expect(await noticesOf([pro.id])).toHaveLength(2);
  });

  it('leaves out a professional whose shift alerts for the day are all sent, and tells them the next day', async () => {
    const capped = await verifiedProfessional('hygienist');
    const free = await verifiedProfessional('hygienist');
    const practice = await signedInPractice(server, 'Daily Cap Dental');
    const [shift] = await seedShifts(server.services, practice.practiceId, {
      dates: [practiceDateFromToday(4)],
      rate: '61.00',
    });
    const now = new Date();
    // Their cap is 1 and today's alert is already sent.
    await server.services.db
      .update(professionals)
      .set({ dailyAlertCap: 1 })
      .where(eq(professionals.id, capped.id));
    await server.services.db
      .insert(alertDays)
      .values({ professionalId: capped.id, day: alertDayOf(now), sent: 1 });

    await matchingShiftsDigestJob.run(jobContext(), now);
    // Not told, and not recorded as told: the shift stays new to them.
    expect(await noticesOf([capped.id])).toEqual([]);
    expect(await bellEntries(server, capped.userId, 'new_matching_shifts')).toHaveLength(0);
    expect(await digestMails(capped.email)).toHaveLength(0);
    expect((await noticesOf([free.id])).map((n) => n.shiftId)).toContain(shift!.id);
    expect(await bellEntries(server, free.userId, 'new_matching_shifts')).toHaveLength(1);

    // At the start of the next New Jersey day: a slot again, and the shift is still new.
    const nextDay = practiceInstant(addDays(alertDayOf(now), 1), '00:00')!;
    await matchingShiftsDigestJob.run(jobContext(), nextDay);
    expect((await noticesOf([capped.id])).map((n) => n.shiftId)).toContain(shift!.id);
    expect(await bellEntries(server, capped.userId, 'new_matching_shifts')).toHaveLength(1);
    expect(await digestMails(capped.email)).toHaveLength(1);
  });
});
