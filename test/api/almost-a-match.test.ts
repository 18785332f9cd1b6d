import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AlmostShiftDto } from '../../src/shared/fill/almost-a-match';
import { almostAMatchTexts } from '../../src/shared/fill/almost-a-match-texts';
import { weekDays, type WeekDay } from '../../src/shared/professional/availability';
import { blocks, professionals, shifts } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { homeCoordinates } from '../../src/server/geo/zip-centroids';
import { login } from '../support/professional-session';
import type { ApiClient, TestServer } from '../support/test-server';
import { serverForFile } from '../support/marketplace-fixtures';

/**
 * "Almost a match" (issue 42, slice 9) on a hand-made market around a hygienist in Morristown
 * (07960) who travels 20 miles for at least $46.00/h, free 07:00–18:00 on two days:
 * - Lakeside Smiles, Morristown (0 miles): $44.00 (almost: the rate), $55.00 (on the board),
 *   $40.00 (below the rate ring: $46.00 less $5.00);
 * - Harbor Dental Care, Hackensack (23.7 miles, within 20 + 5): $50.00 (almost: the distance),
 *   $44.00 (misses both);
 * - Shore Dental, Lakewood (51.3 miles, beyond the ring): $50.00;
 * - Closed Dental, Morristown, which the hygienist blocked: $44.00;
 * - Lakeside's $45.00 shift 07:00–15:00 offered to its favourites first for a day (they are not
 *   one);
 * - the next day, Lakeside's instant $55.00 shift 10:00–14:00 they booked, and its $44.00 shift
 *   08:00–16:00 that overlaps it.
 */
const SLOW = 120_000;
const DAY = () => practiceDateFromToday(6);
const NEXT_DAY = () => practiceDateFromToday(7);

let server: TestServer;
let harborPractice: ApiClient;
let lakesidePractice: string | undefined;
let morristown: { id: string; client: ApiClient };
let hackensack: { id: string; client: ApiClient };
const shiftIds: Record<string, string> = {};

function weekdayOf(date: string): WeekDay {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return weekDays[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]!;
}

async function practiceAt(practiceName: string, zipCode: string, city: string) {
  const practice = await seedPractice(server.services, { practiceName, zipCode, city });
  return practice;
}

/** A verified hygienist at `zip`, travelling `travel` miles for at least $46.00/h, signed in. */
async function hygienist(zip: string, travel: number) {
  const ctx = server.services;
  const pro = await seedProfessional(ctx, 'hygienist', { zipCode: zip });
  const [row] = await ctx.db
    .update(professionals)
    .set({
      status: 'verified',
      homeZipCode: zip,
      ...homeCoordinates(zip),
      travelDistanceMiles: travel,
      minimumRateCents: 4600,
      availability: [DAY(), NEXT_DAY()].map((date) => ({
        day: weekdayOf(date),
        startTime: '07:00',
        endTime: '18:00',
      })),
    })
    .where(eq(professionals.userId, pro.userId))
    .returning({ id: professionals.id });
  return { id: row!.id, client: await login(server, pro.email, pro.password, 'professional') };
}

async function post(
  name: string,
  practiceId: string,
  rate: string,
  overrides: Parameters<typeof seedShifts>[2] = {},
) {
  const [posted] = await seedShifts(server.services, practiceId, {
    dates: [DAY()],
    startTime: '08:00',
    endTime: '16:00',
    rate,
    ...overrides,
  });
  shiftIds[name] = posted!.id;
}

async function almostOf(client: ApiClient): Promise<AlmostShiftDto[]> {
  const res = await client.get('/api/professional/shift-board/almost');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.shifts;
}

async function boardIdsOf(client: ApiClient): Promise<string[]> {
  const res = await client.get('/api/professional/shift-board');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.shifts.map((shift: { id: string }) => shift.id);
}

function nameOf(id: string): string {
  return Object.keys(shiftIds).find((name) => shiftIds[name] === id) ?? id;
}

serverForFile(async (started) => {
  server = started;
  const harbor = await practiceAt('Harbor Dental Care', '07601', 'Hackensack');
  const lakeside = await practiceAt('Lakeside Smiles', '07960', 'Morristown');
  lakesidePractice = lakeside.practiceId;
  const shore = await practiceAt('Shore Dental', '08701', 'Lakewood');
  const closed = await practiceAt('Closed Dental', '07960', 'Morristown');
  harborPractice = await login(server, harbor.email, harbor.password, 'practice');
  morristown = await hygienist('07960', 20);
  hackensack = await hygienist('07601', 20);

  await post('lakesideBelowMinimum', lakeside.practiceId, '44.00');
  await post('lakesideFits', lakeside.practiceId, '55.00');
  await post('lakesideBelowRing', lakeside.practiceId, '40.00');
  await post('harborBeyondTravel', harbor.practiceId, '50.00');
  await post('harborMissesBoth', harbor.practiceId, '44.00');
  await post('shoreBeyondRing', shore.practiceId, '50.00');
  await post('closedBelowMinimum', closed.practiceId, '44.00');
  await post('lakesideFavouritesFirst', lakeside.practiceId, '45.00', {
    startTime: '07:00',
    endTime: '15:00',
  });
  await server.services.db
    .update(shifts)
    .set({ favouritesFirstUntil: new Date(Date.now() + 24 * 3_600_000) })
    .where(eq(shifts.id, shiftIds.lakesideFavouritesFirst!));
  await server.services.db.insert(blocks).values({
    practiceId: closed.practiceId,
    professionalId: morristown.id,
    blockedBy: 'professional',
  });
  await post('lakesideBooked', lakeside.practiceId, '55.00', {
    dates: [NEXT_DAY()],
    startTime: '10:00',
    endTime: '14:00',
    bookingMode: 'instant',
  });
  await post('lakesideOverlapsBooking', lakeside.practiceId, '44.00', { dates: [NEXT_DAY()] });
  const booked = await morristown.client.post(
    `/api/professional/shifts/${shiftIds.lakesideBooked}/book`,
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
}, SLOW);

describe('GET /api/professional/shift-board/almost', () => {
  it(
    'lists one shift per kind with what it would take, and none that misses more',
    async () => {
      const shifts = await almostOf(morristown.client);
      // Nearest first; the others miss both, lie beyond a ring, are blocked, overlap a booking
      // or are on the board already.
      expect(shifts.map((shift) => nameOf(shift.id))).toEqual([
        'lakesideBelowMinimum',
        'harborBeyondTravel',
      ]);
      const [rate, distance] = shifts as [AlmostShiftDto, AlmostShiftDto];

      expect(rate).toMatchObject({
        practiceName: 'Lakeside Smiles',
        rateCents: 4400,
        almost: { kind: 'minimumRate', minimumRateCents: 4400 },
        reasons: {
          distanceMiles: 0,
          travelDistanceMiles: 20,
          withinTravelDistance: true,
          rateCents: 4400,
          minimumRateCents: 4600,
          meetsMinimumRate: false,
        },
        bookedAtThisTime: false,
        credentialLapse: null,
      });
      expect(almostAMatchTexts.whatItTakes(rate)).toBe(
        '$44.00/hr: $2.00 below your minimum of $46.00/hr',
      );
      expect(almostAMatchTexts.action(rate)).toBe('Set minimum rate to $44.00/hr');

      expect(distance).toMatchObject({
        practiceName: 'Harbor Dental Care',
        rateCents: 5000,
        almost: { kind: 'distance', travelDistanceMiles: 24 },
        reasons: {
          distanceMiles: 23.7,
          travelDistanceMiles: 20,
          withinTravelDistance: false,
          meetsMinimumRate: true,
        },
      });
      expect(almostAMatchTexts.whatItTakes(distance)).toBe(
        '23.7 miles away: set your travel distance to 24 miles',
      );
      expect(almostAMatchTexts.action(distance)).toBe('Set travel distance to 24 miles');

      const board = await boardIdsOf(morristown.client);
      expect(board.map(nameOf)).toEqual(['lakesideFits']);
    },
    SLOW,
  );

  it(
    "answers about the caller's own settings only",
    async () => {
      // In Hackensack, 20 miles: Harbor's $44.00 misses only the rate there, Lakeside's $55.00
      // only the distance (23.7 miles); Lakeside's $44.00 shifts miss both.
      const shifts = await almostOf(hackensack.client);
      expect(shifts.map((shift) => [nameOf(shift.id), shift.almost])).toEqual([
        ['harborMissesBoth', { kind: 'minimumRate', minimumRateCents: 4400 }],
        ['lakesideFits', { kind: 'distance', travelDistanceMiles: 24 }],
      ]);
    },
    SLOW,
  );

  it(
    'moves the shift onto the board once the suggested travel distance is saved',
    async () => {
      const before = await almostOf(morristown.client);
      const distance = before.find((shift) => shift.almost.kind === 'distance')!;
      expect(distance.almost).toEqual({ kind: 'distance', travelDistanceMiles: 24 });

      // What the card's button sends (settingOf in the web's almost-a-match.ts).
      const saved = await morristown.client.put('/api/professional/profile', {
        travelDistance: 24,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // Only the field named changed.
      expect(saved.body).toMatchObject({ travelDistance: 24, minimumRateCents: 4600 });
      expect(saved.body.availability).toHaveLength(2);

      expect(await boardIdsOf(morristown.client)).toContain(shiftIds.harborBeyondTravel);
      const after = (await almostOf(morristown.client)).map((shift) => nameOf(shift.id));
      expect(after).not.toContain('harborBeyondTravel');
      // Harbor's $44.00 shift now misses only the rate.
      expect(after).toEqual(['lakesideBelowMinimum', 'harborMissesBoth']);
    },
    SLOW,
  );

  it(
    'lists a shift posted after it was read (the kept answer is forgotten)',
    async () => {
      const before = await almostOf(morristown.client);
      expect(before.map((shift) => shift.id)).not.toContain(shiftIds.lakesideLater);
      await post('lakesideLater', lakesidePractice!, '43.00', { startTime: '09:00' });
      const after = await almostOf(morristown.client);
      expect(after.find((shift) => shift.id === shiftIds.lakesideLater)?.almost).toEqual({
        kind: 'minimumRate',
        minimumRateCents: 4300,
      });
    },
    SLOW,
  );

  it(
    'lists nothing while the profile cannot be matched (no travel distance or availability)',
    async () => {
      const pro = await seedProfessional(server.services, 'hygienist', { zipCode: '07960' });
      const client = await login(server, pro.email, pro.password, 'professional');
      expect(await almostOf(client)).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses a signed-out caller (401) and a practice (403)',
    async () => {
      expect((await server.client().get('/api/professional/shift-board/almost')).status).toBe(401);
      expect((await harborPractice.get('/api/professional/shift-board/almost')).status).toBe(403);
    },
    SLOW,
  );
});
