import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textMessages } from '../../src/shared/messages';
import { shiftMessages } from '../../src/shared/practice/shifts';
import { rateBoundsMessage } from '../../src/shared/hourly-rate-bounds';
import type { ShiftDto, ShiftPageDto } from '../../src/shared/practice/practice-replies';
import { addDays } from '../../src/shared/practice/shift-dates';
import { professionals, reachQueue, shiftReach, shifts } from '../../src/server/db/schema';
import { shiftPageJson } from '../../src/server/services/practice/list-shift-page';
import { seedLocation, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { fitEveryNearbyShift } from '../support/nearby-professional';
import { signedInPractice, type SignedInPractice } from '../support/practice-session';
import { runReachJob } from '../support/reach-job';
import { recordingDatabase } from '../support/recording-database';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const DAY = 24 * 60 * 60 * 1000;

/** New Jersey wall-clock date and time of an instant, read by Intl (independent of the app). */
function newJersey(iso: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** 'yyyy-MM' of the month `ahead` months after the current New Jersey month. */
function monthAhead(ahead: number): string {
  const { date } = newJersey(new Date().toISOString());
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + ahead;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

async function mainLocationId(p: SignedInPractice): Promise<string> {
  return (await p.client.get('/api/practice/locations')).body.locations[0].id;
}

async function shiftRows(practiceId: string) {
  return server.services.db
    .select()
    .from(shifts)
    .where(eq(shifts.practiceId, practiceId))
    .orderBy(shifts.startsAt, shifts.id);
}

function shiftBody(locationId: string, overrides: Record<string, unknown> = {}) {
  return {
    position: 'Hygienist',
    dates: [practiceDateFromToday(1)],
    startTime: '08:00',
    endTime: '16:00',
    rate: '55.50',
    locationId,
    breakMinutes: 30,
    timePerPatient: 45,
    notes: 'Bring loupes',
    ...overrides,
  };
}

describe('POST /api/practice/shifts: the new-shift rules, in the spec’s order', () => {
  it('answers each message in turn as the request is completed, creating nothing', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const steps: Array<[Record<string, unknown>, string, string]> = [
      [{}, shiftMessages.selectPosition, 'position'],
      [{ position: 'Dentist' }, shiftMessages.selectPosition, 'position'],
      [{ position: 'Hygienist' }, shiftMessages.selectDate, 'dates'],
      [
        { position: 'Hygienist', dates: [practiceDateFromToday(1)] },
        shiftMessages.selectTimes,
        'startTime',
      ],
      [
        { position: 'Hygienist', dates: [practiceDateFromToday(1)], startTime: '08:00' },
        shiftMessages.selectTimes,
        'startTime',
      ],
      [
        {
          position: 'Hygienist',
          dates: [practiceDateFromToday(1)],
          startTime: '08:00',
          endTime: '16:00',
        },
        shiftMessages.enterRate,
        'rate',
      ],
      [
        {
          position: 'Hygienist',
          dates: [practiceDateFromToday(1)],
          startTime: '08:00',
          endTime: '16:00',
          rate: '50',
        },
        shiftMessages.selectLocation,
        'locationId',
      ],
      [shiftBody(locationId, { endTime: '08:00' }), shiftMessages.endAfterStart, 'endTime'],
      [shiftBody(locationId, { endTime: '07:00' }), shiftMessages.endAfterStart, 'endTime'],
      [
        shiftBody(locationId, { dates: [practiceDateFromToday(-1)] }),
        shiftMessages.pastDate,
        'dates',
      ],
      [
        shiftBody(locationId, { dates: [`${monthAhead(3)}-01`] }),
        shiftMessages.dateOutOfRange,
        'dates',
      ],
    ];
    for (const [body, message, field] of steps) {
      const res = await p.client.post('/api/practice/shifts', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields[field]).toBe(message);
    }
    expect(await shiftRows(p.practiceId)).toEqual([]);
  });

  it('checks the earlier rule first when several fail', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const cases: Array<[Record<string, unknown>, string]> = [
      // No date and no times: the date comes first.
      [{ position: 'Front Desk', rate: '20', locationId }, shiftMessages.selectDate],
      // No rate and no location: the rate comes first.
      [
        {
          position: 'Hygienist',
          dates: [practiceDateFromToday(1)],
          startTime: '09:00',
          endTime: '10:00',
        },
        shiftMessages.enterRate,
      ],
      // A past date and a date out of range: past dates come first.
      [
        shiftBody(locationId, { dates: [`${monthAhead(3)}-02`, practiceDateFromToday(-3)] }),
        shiftMessages.pastDate,
      ],
      // An impossible calendar date is no date.
      [shiftBody(locationId, { dates: [`${monthAhead(1)}-32`] }), shiftMessages.selectDate],
      [shiftBody(locationId, { dates: ['2027-02-30'] }), shiftMessages.selectDate],
      // The rate field states the position's floor, never '0 or more'.
      [
        shiftBody(locationId, { rate: '-1' }),
        'Hygienist rates must be between $15.92 and $150.00 an hour.',
      ],
      [shiftBody(locationId, { startTime: '8am' }), shiftMessages.selectTimes],
    ];
    for (const [body, message] of cases) {
      const res = await p.client.post('/api/practice/shifts', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await shiftRows(p.practiceId)).toEqual([]);
  });

  it('refuses a location that is not the practice’s own with “Please select a location”', async () => {
    const a = await signedInPractice(server);
    const b = await signedInPractice(server);
    const res = await b.client.post('/api/practice/shifts', shiftBody(await mainLocationId(a)));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(shiftMessages.selectLocation);
    const unknown = await b.client.post('/api/practice/shifts', shiftBody(randomUUID()));
    expect(unknown.body.error.message).toBe(shiftMessages.selectLocation);
    expect(await shiftRows(a.practiceId)).toEqual([]);
    expect(await shiftRows(b.practiceId)).toEqual([]);
  });

  it('accepts the last day of the month after next and refuses the day after', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const lastDay = addDays(`${monthAhead(3)}-01`, -1);
    expect(lastDay.startsWith(monthAhead(2))).toBe(true);
    const ok = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, { dates: [lastDay] }),
    );
    expect(ok.status).toBe(201);
    const tooLate = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, { dates: [addDays(lastDay, 1)] }),
    );
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.error.message).toBe(shiftMessages.dateOutOfRange);
    expect(await shiftRows(p.practiceId)).toHaveLength(1);
  });
});

describe('POST /api/practice/shifts: creating', () => {
  it('creates one open shift per date (201), in New Jersey time, with the location as posted', async () => {
    const p = await signedInPractice(server, { practiceName: 'Seaside Smiles' });
    const location = await seedLocation(server.services, p.practiceId, {
      name: 'Seaside – Asbury Park',
      address: '600 Cookman Avenue',
      city: 'Asbury Park',
      zipCode: '07712',
    });
    const dates = [practiceDateFromToday(3), practiceDateFromToday(1), practiceDateFromToday(2)];
    const res = await p.client.post<{ shifts: ShiftDto[] }>(
      '/api/practice/shifts',
      shiftBody(location.id, { dates, notes: '  Bring loupes  ' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.shifts).toHaveLength(3);
    const sorted = [...dates].sort();
    res.body.shifts.forEach((shift, i) => {
      expect(shift).toEqual({
        id: expect.any(String),
        practiceId: p.practiceId,
        practiceName: 'Seaside Smiles',
        position: 'Hygienist',
        startTime: expect.any(String),
        endTime: expect.any(String),
        rateCents: 5550,
        notes: 'Bring loupes',
        status: 'open',
        createdAt: expect.any(String),
        timePerPatient: 45,
        breakTime: 30,
        location: {
          id: location.id,
          name: 'Seaside – Asbury Park',
          address: '600 Cookman Avenue',
          city: 'Asbury Park',
          zipCode: '07712',
        },
        bookingMode: 'review',
        payThrough: 'chairfill',
        feeBasisPoints: 1500,
        applicantCount: 0,
        booking: null,
        cancelReason: '',
        requirements: [],
        offer: {
          favouritesFirstUntil: null,
          instantBookFor: 'everyone',
          instantBookMinRatingTenths: null,
          wholeBlock: false,
        },
      });
      expect(newJersey(shift.startTime)).toEqual({ date: sorted[i], time: '08:00' });
      expect(newJersey(shift.endTime)).toEqual({ date: sorted[i], time: '16:00' });
    });
    const rows = await shiftRows(p.practiceId);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.locationZipCode === '07712' && r.status === 'open')).toBe(true);
  });

  it('stores no time per patient for Front Desk', async () => {
    const p = await signedInPractice(server);
    const res = await p.client.post(
      '/api/practice/shifts',
      shiftBody(await mainLocationId(p), {
        position: 'Front Desk',
        timePerPatient: 60,
        breakMinutes: 0,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.shifts[0]).toMatchObject({ timePerPatient: null, breakTime: 0 });
    expect((await shiftRows(p.practiceId))[0]!.timePerPatientMinutes).toBeNull();
  });

  it('refuses today with a start time already past by its time, not as a past date', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const today = practiceDateFromToday(0);
    // Midnight today has always passed; the shift would still be going on until 23:30.
    const res = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, { dates: [today], startTime: '00:00', endTime: '23:30' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(shiftMessages.startPassed);
    expect(res.body.error.fields.dates).toBe('The start time has already passed.');
    // With a past day among the dates, the past day is what is said.
    const withPastDay = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, {
        dates: [today, practiceDateFromToday(-1)],
        startTime: '00:00',
        endTime: '23:30',
      }),
    );
    expect(withPastDay.status).toBe(400);
    expect(withPastDay.body.error.message).toBe(shiftMessages.pastDate);
    expect(await shiftRows(p.practiceId)).toEqual([]);
  });

  it('creates none of the dates when one is refused', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const mixedPast = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, {
        dates: [practiceDateFromToday(1), practiceDateFromToday(-1), practiceDateFromToday(2)],
      }),
    );
    expect(mixedPast.status).toBe(400);
    expect(mixedPast.body.error.message).toBe(shiftMessages.pastDate);
    const mixedLate = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, { dates: [practiceDateFromToday(1), `${monthAhead(3)}-05`] }),
    );
    expect(mixedLate.status).toBe(400);
    expect(mixedLate.body.error.message).toBe(shiftMessages.dateOutOfRange);
    expect(await shiftRows(p.practiceId)).toEqual([]);
  });

  it('stores every date or none: a database failure on the third date leaves no shift', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const dates = [1, 2, 3].map((d) => practiceDateFromToday(d));
    const { db } = server.services;
    // A trigger that fails this practice's third date, after the first two rows went in.
    await db.execute(
      sql.raw(`CREATE FUNCTION test_fail_third_date() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.practice_id = '${p.practiceId}'
             AND (NEW.starts_at AT TIME ZONE 'America/New_York')::date = '${dates[2]}' THEN
            RAISE EXCEPTION 'forced failure for the transaction test';
          END IF;
          RETURN NEW;
        END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER test_fail_third_date BEFORE INSERT ON shifts
        FOR EACH ROW EXECUTE FUNCTION test_fail_third_date()`),
    );
    try {
      const res = await p.client.post('/api/practice/shifts', shiftBody(locationId, { dates }));
      expect(res.status).toBe(500);
      expect(await shiftRows(p.practiceId)).toEqual([]);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER test_fail_third_date ON shifts'));
      await db.execute(sql.raw('DROP FUNCTION test_fail_third_date()'));
    }
    const retry = await p.client.post('/api/practice/shifts', shiftBody(locationId, { dates }));
    expect(retry.status).toBe(201);
    expect(await shiftRows(p.practiceId)).toHaveLength(3);
  });

  it('converts wall-clock times across daylight saving time (clock set to February 2027)', async () => {
    const p = await signedInPractice(server);
    const now = new Date('2027-02-20T15:00:00Z');
    // Clocks spring forward on Sunday 14 March 2027: 09:00 is 14:00Z before, 13:00Z after.
    const created = await seedShifts(
      server.services,
      p.practiceId,
      { dates: ['2027-03-12', '2027-03-15'], startTime: '09:00', endTime: '17:00' },
      now,
    );
    expect(created.map((s) => [s.startTime, s.endTime])).toEqual([
      ['2027-03-12T14:00:00.000Z', '2027-03-12T22:00:00.000Z'],
      ['2027-03-15T13:00:00.000Z', '2027-03-15T21:00:00.000Z'],
    ]);
    const rows = await shiftRows(p.practiceId);
    expect(rows.map((r) => r.startsAt.toISOString())).toEqual([
      '2027-03-12T14:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
    ]);
    // The shift day itself: 01:00 EST to 05:00 EDT is three hours.
    const [overnight] = await seedShifts(
      server.services,
      p.practiceId,
      { dates: ['2027-03-14'], startTime: '01:00', endTime: '05:00' },
      now,
    );
    expect([overnight!.startTime, overnight!.endTime]).toEqual([
      '2027-03-14T06:00:00.000Z',
      '2027-03-14T09:00:00.000Z',
    ]);
    // 02:30 does not exist that day.
    await expect(
      seedShifts(
        server.services,
        p.practiceId,
        { dates: ['2027-03-14'], startTime: '02:30', endTime: '05:00' },
        now,
      ),
    ).rejects.toMatchObject({ status: 400, message: shiftMessages.timeSkipped });
    // And back in November 2026: 09:00 is 13:00Z on 30 October, 14:00Z on 2 November.
    const autumn = await seedShifts(
      server.services,
      p.practiceId,
      { dates: ['2026-10-30', '2026-11-02'], startTime: '09:00', endTime: '17:00' },
      new Date('2026-10-20T12:00:00Z'),
    );
    expect(autumn.map((s) => s.startTime)).toEqual([
      '2026-10-30T13:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
  });
});

describe('reach after the commit, never in a read (decision records 030 and 034)', () => {
  const queuedOf = async (ids: string[]) =>
    (await server.services.db.select().from(reachQueue).where(inArray(reachQueue.shiftId, ids)))
      .map((row) => row.shiftId)
      .sort();
  const storedOf = (ids: string[]) =>
    server.services.db
      .select()
      .from(shiftReach)
      .where(inArray(shiftReach.shiftId, ids))
      .orderBy(shiftReach.shiftId);
  const listed = async (p: SignedInPractice, id: string) => {
    const list = await p.client.get<{ shifts: ShiftDto[] }>('/api/practice/shifts');
    expect(list.status).toBe(200);
    return list.body.shifts.find((shift) => shift.id === id)!;
  };
  const page = async (p: SignedInPractice, month: string, id: string) => {
    const res = await p.client.get<ShiftPageDto>(`/api/practice/shifts?month=${month}`);
    expect(res.status).toBe(200);
    return res.body.shifts.find((shift) => shift.id === id)!;
  };
  /** A verified hygienist who fits every shift the test practices post. */
  const nearbyHygienist = async () => {
    const pro = await seedProfessional(server.services, 'hygienist');
    await fitEveryNearbyShift(server.services.db, pro.professionalId);
    await server.services.db
      .update(professionals)
      .set({ status: 'verified' })
      .where(eq(professionals.id, pro.professionalId));
    return pro.professionalId;
  };

  it('a posting queues its shifts’ reach; the job computes it; an edit shows no count until the job counted it again', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const dates = [practiceDateFromToday(2), practiceDateFromToday(3)];
    const posted = await p.client.post('/api/practice/shifts', shiftBody(locationId, { dates }));
    expect(posted.status).toBe(201);
    const ids: string[] = posted.body.shifts.map((shift: { id: string }) => shift.id);
    // The answer did not wait for the reach: it is queued, in the same transaction as the shifts.
    expect(await queuedOf(ids)).toEqual([...ids].sort());
    expect(await storedOf(ids)).toEqual([]);
    // The list says so, and computes nothing.
    expect(await listed(p, ids[0]!)).toMatchObject({ reachPending: true });
    expect(await listed(p, ids[0]!)).not.toHaveProperty('reach');
    expect(await storedOf(ids)).toEqual([]);

    // The job computes what is queued and takes it off the queue.
    expect((await runReachJob(server)).computedReach).toBeGreaterThanOrEqual(2);
    expect(await queuedOf(ids)).toEqual([]);
    expect((await storedOf(ids)).map((row) => row.shiftId)).toEqual([...ids].sort());
    const counted = await listed(p, ids[0]!);
    expect(counted.reach).toEqual(expect.any(Number));
    expect(counted).not.toHaveProperty('reachPending');

    // An edit queues it again; the count stored for the old minutes and rate is not shown.
    const edited = await p.client.patch(`/api/practice/shifts/${ids[0]}`, {
      startTime: '09:00',
      endTime: '15:00',
      rate: '60.00',
    });
    expect(edited.status).toBe(200);
    expect(await queuedOf(ids)).toEqual([ids[0]]);
    const stale = await storedOf([ids[0]!]);
    expect(await listed(p, ids[0]!)).toMatchObject({ reachPending: true });
    expect(await storedOf([ids[0]!])).toEqual(stale);
    await runReachJob(server);
    expect((await listed(p, ids[0]!)).reach).toEqual(expect.any(Number));
  });

  it('a read shows a shift without a stored count as being counted and queues it; the job counts it', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const date = practiceDateFromToday(4);
    const posted = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, { dates: [date] }),
    );
    const id: string = posted.body.shifts[0].id;
    // As if the queue row were lost (or the count forgotten): only the read can queue it.
    await server.services.db.delete(reachQueue).where(eq(reachQueue.shiftId, id));

    const shown = await page(p, date.slice(0, 7), id);
    expect(shown).toMatchObject({ reachPending: true });
    expect(shown).not.toHaveProperty('reach');
    expect(await queuedOf([id])).toEqual([id]);
    expect(await storedOf([id])).toEqual([]);

    await runReachJob(server);
    expect(await queuedOf([id])).toEqual([]);
    expect((await page(p, date.slice(0, 7), id)).reach).toEqual(expect.any(Number));
  });

  it('after a professional’s change a read shows the count stored before and queues it; the job brings the new count', async () => {
    const professionalId = await nearbyHygienist();
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const date = practiceDateFromToday(5);
    const month = date.slice(0, 7);
    const posted = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, { dates: [date] }),
    );
    const id: string = posted.body.shifts[0].id;
    await runReachJob(server);
    const before = (await page(p, month, id)).reach!;
    expect(before).toBeGreaterThanOrEqual(1);
    const stored = await storedOf([id]);

    // The hygienist works no day any more: their role's matching epoch moves.
    await server.services.db
      .update(professionals)
      .set({ availability: [] })
      .where(eq(professionals.id, professionalId));
    const shown = await page(p, month, id);
    expect(shown.reach).toBe(before);
    expect(shown).not.toHaveProperty('reachPending');
    expect(await queuedOf([id])).toEqual([id]);
    // The read wrote no count: the row is the one the job stored, under the old epoch.
    expect(await storedOf([id])).toEqual(stored);
    // The full list (the schedule's) does the same.
    expect((await listed(p, id)).reach).toBe(before);
    expect(await storedOf([id])).toEqual(stored);

    await runReachJob(server);
    expect((await page(p, month, id)).reach).toBe(before - 1);
    expect((await listed(p, id)).reach).toBe(before - 1);
    expect(await queuedOf([id])).toEqual([]);
  });

  it('a read is its one page statement however long the queue; with an old count, one insert more and no count', async () => {
    const professionalId = await nearbyHygienist();
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const date = practiceDateFromToday(6);
    const month = date.slice(0, 7);
    const ids: string[] = [];
    for (const hours of [{}, { startTime: '10:00', endTime: '17:00' }]) {
      const posted = await p.client.post(
        '/api/practice/shifts',
        shiftBody(locationId, { dates: [date], ...hours }),
      );
      expect(posted.status).toBe(201);
      ids.push(posted.body.shifts[0].id);
    }
    await runReachJob(server);
    // Another practice posted 2,000 shifts; they and every other shift of the database wait in
    // the queue.
    const other = await signedInPractice(server);
    await server.services.db.execute(sql`insert into shifts (practice_id, location_name,
        location_address, position, starts_at, ends_at, rate_cents)
      select ${other.practiceId}, 'Main office', '1 Main Street', 'Hygienist',
        now() + n * interval '1 hour', now() + n * interval '1 hour' + interval '8 hours', 5550
      from generate_series(1, 2000) as n`);
    await server.services.db.execute(sql`insert into reach_queue (shift_id)
      select id from shifts where practice_id <> ${p.practiceId} on conflict do nothing`);
    const queue = async () =>
      server.services.db.select().from(reachQueue).orderBy(reachQueue.shiftId);
    const queuedBefore = await queue();
    expect(queuedBefore.length).toBeGreaterThan(2000);
    const stored = await storedOf(ids);
    const read = async () => {
      const recording = recordingDatabase(server);
      const body = await shiftPageJson({ ...server.services, db: recording.db }, p.practiceId, {
        month,
        offset: 0,
      });
      return { page: JSON.parse(body) as ShiftPageDto, statements: recording.statements };
    };

    const current = await read();
    expect(current.statements).toHaveLength(1);
    expect(current.page.shifts.find((shift) => shift.id === ids[0])!.reach).toEqual(
      expect.any(Number),
    );
    expect(await queue()).toEqual(queuedBefore);
    expect(await storedOf(ids)).toEqual(stored);

    await server.services.db
      .update(professionals)
      .set({ minimumRateCents: 100_00 })
      .where(eq(professionals.id, professionalId));
    const old = await read();
    expect(old.statements).toHaveLength(2);
    expect(old.statements[1]).toMatch(/^insert into reach_queue/);
    expect(await storedOf(ids)).toEqual(stored);
    const queuedAfter = await queue();
    expect(queuedAfter.filter((row) => ids.includes(row.shiftId)).length).toBe(ids.length);
    expect(queuedAfter.length).toBe(queuedBefore.length + ids.length);
  });

  it('the job drops a queued shift that is no longer open or has started', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const posted = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, { dates: [practiceDateFromToday(8), practiceDateFromToday(9)] }),
    );
    const [cancelled, later] = posted.body.shifts.map((shift: { id: string }) => shift.id) as [
      string,
      string,
    ];
    const cancel = await p.client.post(`/api/practice/shifts/${cancelled}/cancel`, {
      reason: 'Office closed',
    });
    expect(cancel.status).toBe(200);
    expect(await queuedOf([cancelled, later])).toEqual([cancelled, later].sort());

    const ran = await runReachJob(server);
    expect(ran.droppedReach).toBeGreaterThanOrEqual(1);
    expect(await queuedOf([cancelled, later])).toEqual([]);
    expect(await storedOf([cancelled])).toEqual([]);
    const stored = await storedOf([later]);
    expect(stored).toHaveLength(1);

    // Queued again, and run once it has started: dropped, its stored count left as it was.
    await server.services.db.insert(reachQueue).values({ shiftId: later });
    const afterStart = await runReachJob(server, new Date(Date.now() + 10 * DAY));
    expect(afterStart.droppedReach).toBeGreaterThanOrEqual(1);
    expect(await queuedOf([later])).toEqual([]);
    expect(await storedOf([later])).toEqual(stored);
  });
});

describe('hourly rate bounds per position (src/shared/hourly-rate-bounds.ts)', () => {
  const bounds: Array<[string, string, string, string]> = [
    // position, lowest allowed, highest allowed, message
    ['Hygienist', '15.92', '150.00', 'Hygienist rates must be between $15.92 and $150.00 an hour.'],
    [
      'Dental Assistant',
      '15.92',
      '80.00',
      'Dental Assistant rates must be between $15.92 and $80.00 an hour.',
    ],
    ['Front Desk', '15.92', '60.00', 'Front Desk rates must be between $15.92 and $60.00 an hour.'],
  ];

  it.each(bounds)(
    '%s: posts from %s to %s an hour and refuses outside',
    async (position, low, high, message) => {
      const p = await signedInPractice(server);
      const locationId = await mainLocationId(p);
      const above = (Number(high) + 0.01).toFixed(2);
      // What is no amount, or above $1,000, is told the same bounds (the floor the server applies).
      for (const rate of [
        '0',
        '0.00',
        '15.91',
        above,
        '1000',
        1000,
        '-1',
        '-15.92',
        'abc',
        '1000.01',
      ]) {
        const res = await p.client.post(
          '/api/practice/shifts',
          shiftBody(locationId, { position, rate }),
        );
        expect(res.status, `${position} ${rate}`).toBe(400);
        expect(res.body.error.message).toBe(message);
        expect(res.body.error.fields).toEqual({ rate: message });
      }
      expect(await shiftRows(p.practiceId)).toEqual([]);
      for (const rate of [low, high]) {
        const res = await p.client.post(
          '/api/practice/shifts',
          shiftBody(locationId, { position, rate }),
        );
        expect(res.status, `${position} ${rate}`).toBe(201);
      }
    },
  );

  it('holds for an edit too, by the stored shift’s position, and changes nothing when refused', async () => {
    const p = await signedInPractice(server);
    const [hygiene] = await seedShifts(server.services, p.practiceId, { position: 'Hygienist' });
    const [desk] = await seedShifts(server.services, p.practiceId, {
      position: 'Front Desk',
      dates: [practiceDateFromToday(2)],
      rate: '25.00',
    });
    const before = await shiftRows(p.practiceId);
    const refusals: Array<[string, string, string]> = [
      [hygiene!.id, '0', bounds[0]![3]],
      [hygiene!.id, '150.01', bounds[0]![3]],
      // Within the hygienist's bounds, above the front desk's: the shift's own position decides.
      [desk!.id, '75.00', bounds[2]![3]],
      [desk!.id, '15.00', bounds[2]![3]],
      // What is no amount is told the shift's bounds too, as when posting (not "0 or more").
      [hygiene!.id, '-1', bounds[0]![3]],
      [hygiene!.id, 'abc', bounds[0]![3]],
      [desk!.id, '-15.92', bounds[2]![3]],
      [desk!.id, '1000.01', bounds[2]![3]],
    ];
    for (const [id, rate, message] of refusals) {
      const res = await p.client.patch(`/api/practice/shifts/${id}`, {
        startTime: '09:00',
        endTime: '15:00',
        rate,
      });
      expect(res.status, rate).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields).toEqual({ rate: message });
    }
    expect(await shiftRows(p.practiceId)).toEqual(before);
    const within = await p.client.patch(`/api/practice/shifts/${desk!.id}`, {
      startTime: '09:00',
      endTime: '15:00',
      rate: '60',
    });
    expect(within.status).toBe(200);
    expect(within.body.rateCents).toBe(6000);
  });
});

describe('shift notes are multi-line text', () => {
  it('keeps the notes’ line breaks and refuses other control characters', async () => {
    const p = await signedInPractice(server);
    const locationId = await mainLocationId(p);
    const notes = 'Bring loupes.\nPark behind the building.';
    const created = await p.client.post('/api/practice/shifts', shiftBody(locationId, { notes }));
    expect(created.status).toBe(201);
    expect(created.body.shifts[0].notes).toBe(notes);
    const refused = await p.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, { notes: 'Bring loupes\u001b[2J', dates: [practiceDateFromToday(2)] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ notes: textMessages.specialCharacters });
    expect(await shiftRows(p.practiceId)).toHaveLength(1);
  });
});

describe('GET /api/practice/shifts', () => {
  it('lists this month and later by default, earliest first; a range returns its shifts', async () => {
    const p = await signedInPractice(server);
    const ctx = server.services;
    const thisMonth = monthAhead(0);
    const lastMonthDate = addDays(`${thisMonth}-01`, -3);
    const longAgo = new Date(Date.parse(`${lastMonthDate}T12:00:00Z`) - 10 * DAY);
    const [lastMonth] = await seedShifts(ctx, p.practiceId, { dates: [lastMonthDate] }, longAgo);
    const [firstOfMonth] = await seedShifts(
      ctx,
      p.practiceId,
      { dates: [`${thisMonth}-01`], startTime: '00:30', endTime: '01:30', position: 'Front Desk' },
      longAgo,
    );
    const [later] = await seedShifts(ctx, p.practiceId, { dates: [`${monthAhead(1)}-10`] });
    const [sooner] = await seedShifts(ctx, p.practiceId, { dates: [practiceDateFromToday(1)] });

    const list = await p.client.get<{ shifts: ShiftDto[] }>('/api/practice/shifts');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const expected = [firstOfMonth!, sooner!, later!].sort((x, y) =>
      x.startTime.localeCompare(y.startTime),
    );
    expect(list.body.shifts.map((s) => s.id)).toEqual(expected.map((s) => s.id));

    const from = new Date(Date.parse(lastMonth!.startTime) - DAY).toISOString();
    const to = new Date(Date.parse(firstOfMonth!.startTime) + 60 * 1000).toISOString();
    const ranged = await p.client.get(`/api/practice/shifts?from=${from}&to=${to}`);
    expect(ranged.status).toBe(200);
    expect(ranged.body.shifts.map((s: ShiftDto) => s.id)).toEqual([
      lastMonth!.id,
      firstOfMonth!.id,
    ]);
    // The end of the range is excluded.
    const exclusive = await p.client.get(
      `/api/practice/shifts?from=${from}&to=${encodeURIComponent(firstOfMonth!.startTime)}`,
    );
    expect(exclusive.body.shifts.map((s: ShiftDto) => s.id)).toEqual([lastMonth!.id]);
  });

  it('refuses a malformed range or one longer than 400 days with 400', async () => {
    const p = await signedInPractice(server);
    const base = Date.parse('2026-12-01T05:00:00Z');
    const iso = (ms: number) => new Date(ms).toISOString();
    const bad = [
      `from=${iso(base)}`,
      `to=${iso(base)}`,
      `from=yesterday&to=${iso(base)}`,
      `from=${iso(base)}&to=2027-01-01`,
      `from=${iso(base)}&to=${iso(base)}`,
      `from=${iso(base + DAY)}&to=${iso(base)}`,
      `from=${iso(base)}&to=${iso(base + 400 * DAY + 1000)}`,
    ];
    for (const query of bad) {
      const res = await p.client.get(`/api/practice/shifts?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message).toBe(shiftMessages.invalidRange);
    }
    const longest = await p.client.get(
      `/api/practice/shifts?from=${iso(base)}&to=${iso(base + 400 * DAY)}`,
    );
    expect(longest.status).toBe(200);
    const offset = await p.client.get(
      `/api/practice/shifts?from=${encodeURIComponent('2026-12-01T00:00:00-05:00')}&to=${encodeURIComponent('2027-01-01T00:00:00-05:00')}`,
    );
    expect(offset.status).toBe(200);
  });

  it('answers the practice’s current name on its shifts', async () => {
    const p = await signedInPractice(server, { practiceName: 'Old Name Dental' });
    await seedShifts(server.services, p.practiceId);
    const office = (await p.client.get('/api/practice')).body;
    const saved = await p.client.put('/api/practice', {
      ...office,
      practiceName: 'New Name Dental',
      maxRates: { hygienist: '', dentalAssistant: '', frontDesk: '' },
    });
    expect(saved.status).toBe(200);
    const list = (await p.client.get('/api/practice/shifts')).body.shifts;
    expect(list[0].practiceName).toBe('New Name Dental');
  });
});

describe('PATCH /api/practice/shifts/:id', () => {
  it('changes the start and end time on the same date and the rate of an open shift', async () => {
    const p = await signedInPractice(server);
    const [shift] = await seedShifts(server.services, p.practiceId, {
      dates: [practiceDateFromToday(2)],
    });
    const res = await p.client.patch<ShiftDto>(`/api/practice/shifts/${shift!.id}`, {
      startTime: '10:15',
      endTime: '18:45',
      rate: '61.25',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: shift!.id, rateCents: 6125, status: 'open' });
    expect(newJersey(res.body.startTime)).toEqual({
      date: practiceDateFromToday(2),
      time: '10:15',
    });
    expect(newJersey(res.body.endTime)).toEqual({ date: practiceDateFromToday(2), time: '18:45' });
    const [row] = await shiftRows(p.practiceId);
    expect(row!.startsAt.toISOString()).toBe(res.body.startTime);
    expect(row!.rateCents).toBe(6125);
  });

  it('keeps the date across daylight saving time', async () => {
    const p = await signedInPractice(server);
    const [shift] = await seedShifts(
      server.services,
      p.practiceId,
      { dates: ['2027-03-15'] },
      new Date('2027-02-20T15:00:00Z'),
    );
    const res = await p.client.patch(`/api/practice/shifts/${shift!.id}`, {
      startTime: '07:00',
      endTime: '12:00',
      rate: 40,
    });
    expect(res.status).toBe(200);
    expect([res.body.startTime, res.body.endTime]).toEqual([
      '2027-03-15T11:00:00.000Z',
      '2027-03-15T16:00:00.000Z',
    ]);
  });

  it('refuses bad times and rates with 400 and changes nothing', async () => {
    const p = await signedInPractice(server);
    const [shift] = await seedShifts(server.services, p.practiceId);
    const before = await shiftRows(p.practiceId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ startTime: '09:00', endTime: '09:00', rate: '50' }, shiftMessages.endAfterStart],
      [{ startTime: '17:00', endTime: '09:00', rate: '50' }, shiftMessages.endAfterStart],
      [{ startTime: '', endTime: '09:00', rate: '50' }, shiftMessages.selectTimes],
      [{ startTime: '08:00', endTime: '09:00', rate: '' }, shiftMessages.enterRate],
      // Any refused rate is told the shift's bounds, as when posting.
      [{ startTime: '08:00', endTime: '09:00', rate: '1000.01' }, rateBoundsMessage('Hygienist')],
    ];
    for (const [body, message] of cases) {
      const res = await p.client.patch(`/api/practice/shifts/${shift!.id}`, body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await shiftRows(p.practiceId)).toEqual(before);
  });

  it('changes only open shifts (409 otherwise) and answers 404 for unknown or malformed ids', async () => {
    const p = await signedInPractice(server);
    const [cancelled, filled] = await seedShifts(server.services, p.practiceId, {
      dates: [practiceDateFromToday(1), practiceDateFromToday(2)],
    });
    await p.client.post(`/api/practice/shifts/${cancelled!.id}/cancel`);
    await server.services.db
      .update(shifts)
      .set({ status: 'filled' })
      .where(eq(shifts.id, filled!.id));
    const before = await shiftRows(p.practiceId);
    const body = { startTime: '09:00', endTime: '10:00', rate: '50' };
    for (const id of [cancelled!.id]) {
      const res = await p.client.patch(`/api/practice/shifts/${id}`, body);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(shiftMessages.notEditable);
    }
    // A booked shift's terms were agreed with the professional: the practice is told what to do.
    const booked = await p.client.patch(`/api/practice/shifts/${filled!.id}`, body);
    expect(booked.status).toBe(409);
    expect(booked.body.error.message).toBe(shiftMessages.bookedNotEditable);
    const unknown = await p.client.patch(`/api/practice/shifts/${randomUUID()}`, body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(shiftMessages.notFound);
    expect((await p.client.patch('/api/practice/shifts/12345', body)).status).toBe(404);
    expect(await shiftRows(p.practiceId)).toEqual(before);
  });
});

describe('POST /api/practice/shifts/:id/cancel', () => {
  it('marks the shift cancelled and keeps it; cancelling again or a completed shift is 409', async () => {
    const p = await signedInPractice(server);
    const [shift, completed] = await seedShifts(server.services, p.practiceId, {
      dates: [practiceDateFromToday(1), practiceDateFromToday(2)],
    });
    const res = await p.client.post<ShiftDto>(`/api/practice/shifts/${shift!.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: shift!.id, status: 'cancelled', rateCents: 5500 });
    const [row] = await shiftRows(p.practiceId);
    expect(row!.status).toBe('cancelled');
    expect(row!.cancelledAt).toBeInstanceOf(Date);
    const listed = (await p.client.get('/api/practice/shifts')).body.shifts;
    expect(listed.map((s: ShiftDto) => [s.id, s.status])).toEqual([
      [shift!.id, 'cancelled'],
      [completed!.id, 'open'],
    ]);

    const again = await p.client.post(`/api/practice/shifts/${shift!.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(shiftMessages.notCancellable);
    await server.services.db
      .update(shifts)
      .set({ status: 'completed' })
      .where(eq(shifts.id, completed!.id));
    const done = await p.client.post(`/api/practice/shifts/${completed!.id}/cancel`);
    expect(done.status).toBe(409);
    expect((await shiftRows(p.practiceId))[1]!.status).toBe('completed');
  });

  it('cancels a filled shift', async () => {
    const p = await signedInPractice(server);
    const [shift] = await seedShifts(server.services, p.practiceId);
    await server.services.db
      .update(shifts)
      .set({ status: 'filled' })
      .where(eq(shifts.id, shift!.id));
    const res = await p.client.post(`/api/practice/shifts/${shift!.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const p = await signedInPractice(server);
    expect((await p.client.post(`/api/practice/shifts/${randomUUID()}/cancel`)).status).toBe(404);
    expect((await p.client.post('/api/practice/shifts/%27%3B--/cancel')).status).toBe(404);
  });
});

describe('a practice reaches only its own shifts', () => {
  it('B cannot list, edit or cancel A’s shifts: 404 and A’s shifts unchanged', async () => {
    const a = await signedInPractice(server);
    const b = await signedInPractice(server);
    const aShifts = await seedShifts(server.services, a.practiceId, {
      dates: [practiceDateFromToday(1), practiceDateFromToday(2)],
    });
    const [bShift] = await seedShifts(server.services, b.practiceId);
    const aBefore = await shiftRows(a.practiceId);

    const bList = (await b.client.get('/api/practice/shifts')).body.shifts;
    expect(bList.map((s: ShiftDto) => s.id)).toEqual([bShift!.id]);
    const wide = new Date(Date.now() - 30 * DAY).toISOString();
    const wideTo = new Date(Date.now() + 300 * DAY).toISOString();
    const bRange = (await b.client.get(`/api/practice/shifts?from=${wide}&to=${wideTo}`)).body;
    expect(bRange.shifts.map((s: ShiftDto) => s.id)).toEqual([bShift!.id]);

    for (const shift of aShifts) {
      const edit = await b.client.patch(`/api/practice/shifts/${shift.id}`, {
        startTime: '01:00',
        endTime: '02:00',
        rate: '1',
      });
      expect(edit.status).toBe(404);
      expect(edit.body.error.message).toBe(shiftMessages.notFound);
      const cancel = await b.client.post(`/api/practice/shifts/${shift.id}/cancel`);
      expect(cancel.status).toBe(404);
    }
    expect(await shiftRows(a.practiceId)).toEqual(aBefore);
    expect((await a.client.get('/api/practice/shifts')).body.shifts).toHaveLength(2);
  });
});
