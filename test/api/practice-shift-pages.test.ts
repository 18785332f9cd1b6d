import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHIFT_PAGE_SIZE, shiftMessages } from '../../src/shared/practice/shifts';
import type { ShiftMonthsDto } from '../../src/shared/practice/practice-replies';
import type { ShiftPageDto } from '../../src/shared/practice/practice-replies';
import type { ShiftDto } from '../../src/shared/practice/practice-replies';
import { shiftReach, shifts } from '../../src/server/db/schema';
import { recordShiftsWorkedAsScheduled } from '../../src/server/db/seed/worked-as-scheduled';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import {
  moveShiftIntoPast,
  postShift,
  practiceUser,
  professionalUser,
  serverForFile,
  type PracticeUser,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import { readAfterReachJob, runReachJob } from '../support/reach-job';
import type { ApiClient, TestServer } from '../support/test-server';

let server: TestServer;
let practice: PracticeUser;
let other: PracticeUser;
let hygienist: ProfessionalUser;
serverForFile(async (started) => {
  server = started;
  practice = await practiceUser(server, 'Harbor Dental Care');
  other = await practiceUser(server, 'Lakeside Smiles');
  hygienist = await professionalUser(server, { firstName: 'Alice', lastName: 'Moreno' });
});

/** 'yyyy-MM' of the month `ahead` months after the current New Jersey month (read by Intl). */
function monthAhead(ahead: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const index = year * 12 + (month - 1) + ahead;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The practice's month as one list: every page, read with the page size's offsets. */
async function allPages(client: ApiClient, query: string): Promise<ShiftPageDto[]> {
  const pages: ShiftPageDto[] = [];
  for (let offset = 0; ; offset += SHIFT_PAGE_SIZE) {
    const res = await client.get<ShiftPageDto>(`/api/practice/shifts?${query}&offset=${offset}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    if (offset + SHIFT_PAGE_SIZE >= res.body.total) return pages;
  }
}

/** The shifts of [from, to) as the Schedule's range form answers them (ascending). */
async function rangeList(client: ApiClient, from: string, to: string): Promise<ShiftDto[]> {
  const res = await client.get<{ shifts: ShiftDto[] }>(
    `/api/practice/shifts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  expect(res.status).toBe(200);
  return res.body.shifts;
}

/** Midnight in New York on the first of `month` ('yyyy-MM'), from Intl's offset that day. */
function newYorkMonthStart(month: string): string {
  const noonUtc = new Date(`${month}-01T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    timeZoneName: 'longOffset',
  })
    .formatToParts(noonUtc)
    .find((part) => part.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return new Date(`${month}-01T00:00:00${offset}`).toISOString();
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

describe('GET /api/practice/shifts?month=: pages of a month, newest first', () => {
  it('pages the month in display order with its total, the same shifts as the full list', async () => {
    const month = monthAhead(1);
    const days = Array.from({ length: 20 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
    await seedShifts(server.services, practice.practiceId, { dates: days });
    // Posted later at the same start times: the later posting comes first among equal starts.
    await seedShifts(server.services, practice.practiceId, {
      dates: days.slice(4, 14),
      position: 'Dental Assistant',
    });
    await seedShifts(server.services, practice.practiceId, {
      dates: [`${nextMonth(month)}-02`],
      position: 'Front Desk',
      timePerPatient: null,
    });

    const first = await practice.client.get(`/api/practice/shifts?month=${month}`);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('cache-control')).toBe('no-store');
    // Read once the shift-reach job has counted what the first reading queued.
    const pages = await readAfterReachJob(server, () =>
      allPages(practice.client, `month=${month}`),
    );
    expect(pages.map((page) => page.shifts.length)).toEqual([SHIFT_PAGE_SIZE, 5]);
    expect(pages.map((page) => page.total)).toEqual([30, 30]);
    const paged = pages.flatMap((page) => page.shifts);

    // The whole list (current month and later, earliest first), this month's part reversed.
    const everything = (await practice.client.get('/api/practice/shifts')).body
      .shifts as ShiftDto[];
    const expected = everything
      .filter((shift) => Date.parse(shift.startTime) >= Date.parse(newYorkMonthStart(month)))
      .filter(
        (shift) => Date.parse(shift.startTime) < Date.parse(newYorkMonthStart(nextMonth(month))),
      )
      .reverse();
    expect(paged).toEqual(expected);
    // Newest start first; among equal starts the later posting first.
    expect(paged[0]!.startTime.slice(0, 10)).toBe(`${month}-20`);
    const sameStart = paged.filter((shift) => shift.startTime === paged[6]!.startTime);
    expect(sameStart.map((shift) => shift.position)).toEqual(['Dental Assistant', 'Hygienist']);
    // Open future shifts carry their reach, as in the full list.
    expect(paged.every((shift) => typeof shift.reach === 'number')).toBe(true);

    // An offset skips that many shifts, whatever it is; past the end, an empty page.
    const skipped = await practice.client.get<ShiftPageDto>(
      `/api/practice/shifts?month=${month}&offset=7`,
    );
    expect(skipped.body.shifts).toEqual(paged.slice(7, 7 + SHIFT_PAGE_SIZE));
    for (const offset of ['30', '31', '99999999999999999999']) {
      const res = await practice.client.get(`/api/practice/shifts?month=${month}&offset=${offset}`);
      expect(res.status, offset).toBe(200);
      expect(res.body).toEqual({ shifts: [], total: 30 });
    }
    // A month without shifts.
    const empty = await practice.client.get(`/api/practice/shifts?month=${monthAhead(-30)}`);
    expect(empty.body).toEqual({ shifts: [], total: 0 });
  });

  it('filters by position: the page, the total and the months', async () => {
    const month = monthAhead(2);
    const p = await practiceUser(server, 'Position Dental');
    await seedShifts(server.services, p.practiceId, { dates: [`${month}-03`, `${month}-04`] });
    await seedShifts(server.services, p.practiceId, {
      dates: [`${month}-05`],
      position: 'Front Desk',
      timePerPatient: null,
    });
    const tomorrow = practiceDateFromToday(1);
    const soon = tomorrow.slice(0, 7);
    await seedShifts(server.services, p.practiceId, {
      dates: [tomorrow],
      position: 'Dental Assistant',
    });

    const hygienists = await p.client.get<ShiftPageDto>(
      `/api/practice/shifts?month=${month}&position=Hygienist`,
    );
    expect(hygienists.body.total).toBe(2);
    expect(hygienists.body.shifts.map((shift) => shift.startTime.slice(0, 10))).toEqual([
      `${month}-04`,
      `${month}-03`,
    ]);
    const frontDesk = await p.client.get<ShiftPageDto>(
      `/api/practice/shifts?month=${month}&position=${encodeURIComponent('Front Desk')}`,
    );
    expect(frontDesk.body.total).toBe(1);
    expect(frontDesk.body.shifts[0]!.position).toBe('Front Desk');
    const assistants = await p.client.get(
      `/api/practice/shifts?month=${month}&position=${encodeURIComponent('Dental Assistant')}`,
    );
    expect(assistants.body).toEqual({ shifts: [], total: 0 });

    const months = await p.client.get<ShiftMonthsDto>('/api/practice/shift-months');
    expect(months.status).toBe(200);
    expect(months.headers.get('cache-control')).toBe('no-store');
    expect(months.body.months).toEqual([
      { month, counts: { all: 3, Hygienist: 2, 'Dental Assistant': 0, 'Front Desk': 1 } },
      { month: soon, counts: { all: 1, Hygienist: 0, 'Dental Assistant': 1, 'Front Desk': 0 } },
    ]);
    const onlyAssistants = await p.client.get<ShiftMonthsDto>(
      `/api/practice/shift-months?position=${encodeURIComponent('Dental Assistant')}`,
    );
    expect(onlyAssistants.body.months.map((m) => m.month)).toEqual([soon]);
  });

  it('counts a shift in its New York month: 23:30 on the last evening, across daylight saving time', async () => {
    const p = await practiceUser(server, 'Boundary Dental');
    // Posted as of early September 2025: October ends in daylight time, November in standard.
    const postedAt = new Date('2025-09-02T14:00:00Z');
    const seed = (date: string, startTime: string, endTime: string) =>
      seedShifts(server.services, p.practiceId, { dates: [date], startTime, endTime }, postedAt);
    const [lastOfSeptember] = await seed('2025-09-30', '23:30', '23:59');
    const [firstOfOctober] = await seed('2025-10-01', '00:00', '00:30');
    const [lastOfOctober] = await seed('2025-10-31', '23:30', '23:59');
    const [firstOfNovember] = await seed('2025-11-01', '00:00', '00:30');
    const [lastOfNovember] = await seed('2025-11-30', '23:30', '23:59');
    // 23:30 on October 31 in New York is already November in UTC.
    expect(lastOfOctober!.startTime).toBe('2025-11-01T03:30:00.000Z');
    expect(lastOfNovember!.startTime).toBe('2025-12-01T04:30:00.000Z');

    const ids = async (month: string) =>
      (await p.client.get<ShiftPageDto>(`/api/practice/shifts?month=${month}`)).body.shifts.map(
        (shift) => shift.id,
      );
    expect(await ids('2025-09')).toEqual([lastOfSeptember!.id]);
    expect(await ids('2025-10')).toEqual([lastOfOctober!.id, firstOfOctober!.id]);
    expect(await ids('2025-11')).toEqual([lastOfNovember!.id, firstOfNovember!.id]);
    expect(await ids('2025-12')).toEqual([]);

    // Past shifts keep every field, with no reach (they are not open future shifts).
    const october = (await p.client.get<ShiftPageDto>('/api/practice/shifts?month=2025-10')).body;
    const range = await rangeList(
      p.client,
      newYorkMonthStart('2025-10'),
      newYorkMonthStart('2025-11'),
    );
    expect(october.shifts).toEqual(range.reverse());
    expect(october.shifts.some((shift) => 'reach' in shift || 'reachPending' in shift)).toBe(false);
    // Months before the current one are not listed.
    const months = (await p.client.get<ShiftMonthsDto>('/api/practice/shift-months')).body.months;
    expect(months).toEqual([]);
  });

  it('answers bookings, applicants, ratings and reach as the rest of the portal does', async () => {
    const p = await practiceUser(server, 'Marketplace Dental');
    const review = await postShift(server, p.practiceId, { daysAhead: 3 });
    expect(
      (await hygienist.client.post(`/api/professional/shifts/${review}/apply`, { note: '' }))
        .status,
    ).toBe(201);
    const instant = await postShift(server, p.practiceId, { bookingMode: 'instant', daysAhead: 4 });
    expect((await hygienist.client.post(`/api/professional/shifts/${instant}/book`)).status).toBe(
      201,
    );
    const worked = await postShift(server, p.practiceId, { bookingMode: 'instant', daysAhead: 5 });
    expect((await hygienist.client.post(`/api/professional/shifts/${worked}/book`)).status).toBe(
      201,
    );
    await moveShiftIntoPast(server, worked);
    await recordShiftsWorkedAsScheduled(server.services.db);
    const rated = await p.client.post(`/api/practice/shifts/${worked}/rating`, {
      stars: 4,
      comment: 'On time',
    });
    expect(rated.status).toBe(201);
    const cancelled = await postShift(server, p.practiceId, { daysAhead: 6 });
    await p.client.post(`/api/practice/shifts/${cancelled}/cancel`, { reason: 'Office closed' });
    // Every count stored but one: both lists say that one is being counted.
    await runReachJob(server);
    await server.services.db.delete(shiftReach).where(eq(shiftReach.shiftId, review));

    const byId = new Map<string, ShiftDto>();
    for (const month of [monthAhead(-1), monthAhead(0), monthAhead(1)]) {
      for (const page of await allPages(p.client, `month=${month}`)) {
        for (const shift of page.shifts) byId.set(shift.id, shift);
      }
      const from = newYorkMonthStart(month);
      const to = newYorkMonthStart(nextMonth(month));
      for (const shift of await rangeList(p.client, from, to)) {
        expect(byId.get(shift.id), shift.id).toEqual(shift);
      }
    }
    expect(byId.get(review)).toMatchObject({ applicantCount: 1, booking: null });
    expect(byId.get(review)).toMatchObject({ reachPending: true });
    expect(byId.get(review)).not.toHaveProperty('reach');
    expect(byId.get(instant)).toMatchObject({
      status: 'filled',
      booking: { professionalName: 'Alice Moreno', status: 'confirmed', canRate: false },
    });
    expect(byId.get(instant)).not.toHaveProperty('reach');
    expect(byId.get(instant)).not.toHaveProperty('reachPending');
    expect(byId.get(worked)).toMatchObject({
      status: 'completed',
      booking: { status: 'completed', canRate: false, myRating: { stars: 4, comment: 'On time' } },
    });
    expect(byId.get(cancelled)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Office closed',
    });
    expect(byId.get(cancelled)).not.toHaveProperty('reach');
  });
});

describe('bad requests and other callers', () => {
  it('refuses a bad month, position or offset, and a month with a range, with 400', async () => {
    const month = monthAhead(1);
    const cases: [string, string][] = [
      ['month=2026-13', shiftMessages.invalidMonth],
      ['month=2026-00', shiftMessages.invalidMonth],
      ['month=2026-1', shiftMessages.invalidMonth],
      ['month=26-01', shiftMessages.invalidMonth],
      ['month=2026-01-01', shiftMessages.invalidMonth],
      ['month=March', shiftMessages.invalidMonth],
      ['month=', shiftMessages.invalidMonth],
      ['month=0001-01', shiftMessages.invalidMonth],
      [`month=${month}&position=Dentist`, shiftMessages.invalidPosition],
      [`month=${month}&position=hygienist`, shiftMessages.invalidPosition],
      [`month=${month}&position=`, shiftMessages.invalidPosition],
      [`month=${month}&offset=-1`, shiftMessages.invalidOffset],
      [`month=${month}&offset=1.5`, shiftMessages.invalidOffset],
      [`month=${month}&offset=ten`, shiftMessages.invalidOffset],
      [`month=${month}&offset=`, shiftMessages.invalidOffset],
      [
        `month=${month}&from=2026-12-01T05:00:00Z&to=2027-01-01T05:00:00Z`,
        shiftMessages.monthOrRange,
      ],
      [`month=${month}&from=2026-12-01T05:00:00Z`, shiftMessages.monthOrRange],
      ['position=Hygienist', shiftMessages.monthNeeded],
      ['offset=25', shiftMessages.monthNeeded],
    ];
    for (const [query, message] of cases) {
      const res = await practice.client.get(`/api/practice/shifts?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toBe(message);
    }
    const months = await practice.client.get('/api/practice/shift-months?position=Dentist');
    expect(months.status).toBe(400);
    expect(months.body.error.message).toBe(shiftMessages.invalidPosition);
  });

  it('answers 401 signed out and 403 to a professional', async () => {
    const month = monthAhead(0);
    for (const path of [`/api/practice/shifts?month=${month}`, '/api/practice/shift-months']) {
      expect((await server.client().get(path)).status, path).toBe(401);
      expect((await hygienist.client.get(path)).status, path).toBe(403);
    }
  });

  it('never shows another practice’s shifts', async () => {
    const month = monthAhead(1);
    const [theirs] = await seedShifts(server.services, other.practiceId, {
      dates: [`${month}-21`],
    });
    const mine = (await allPages(practice.client, `month=${month}`)).flatMap((p) => p.shifts);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((shift) => shift.id === theirs!.id)).toBe(false);
    expect(mine.every((shift) => shift.practiceId === practice.practiceId)).toBe(true);

    const theirPage = await other.client.get<ShiftPageDto>(`/api/practice/shifts?month=${month}`);
    expect(theirPage.body).toMatchObject({ total: 1, shifts: [{ id: theirs!.id }] });
    const theirMonths = await other.client.get<ShiftMonthsDto>('/api/practice/shift-months');
    expect(theirMonths.body.months).toEqual([
      { month, counts: { all: 1, Hygienist: 1, 'Dental Assistant': 0, 'Front Desk': 0 } },
    ]);
    // Nothing about the shift changed by being listed.
    const [row] = await server.services.db.select().from(shifts).where(eq(shifts.id, theirs!.id));
    expect(row!.status).toBe('open');
  });
});
