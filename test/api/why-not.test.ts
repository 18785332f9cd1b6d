import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { whyNotMessages } from '../../src/shared/fill/why-not-texts';
import { weekDays, type WeekDay } from '../../src/shared/professional/availability';
import type { ProfessionalRole } from '../../src/shared/accounts';
import { queryRows } from '../../src/server/db/client';
import { blocks, professionals } from '../../src/server/db/schema';
import { seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { homeCoordinates } from '../../src/server/geo/zip-centroids';
import { practiceUser, serverForFile, type PracticeUser } from '../support/marketplace-fixtures';
import { login } from '../support/professional-session';
import { runReachJob } from '../support/reach-job';
import type { ApiClient, TestServer } from '../support/test-server';

/**
 * "Why isn't this filling?" (issue 42, slice 6) on a hand-made market around one open Hygienist
 * shift at Harbor Dental Care (Hackensack, 07601), 08:00–16:00 at $50.00/h, requiring Dentrix:
 * two professionals who can take it, one left out by each rule alone (two by the minimum rate),
 * one by two rules, and some who are not counted at all.
 */
const SLOW = 120_000;
const DAYS_AHEAD = 6;
const SHIFT_DATE = () => practiceDateFromToday(DAYS_AHEAD);

let server: TestServer;
let harbor: PracticeUser;
let lakeside: PracticeUser;
let shiftId: string;

function weekdayOf(date: string): WeekDay {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return weekDays[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]!;
}

interface Spec {
  role?: ProfessionalRole;
  status?: 'pending' | 'verified';
  homeZip?: string;
  travel?: number;
  minimumRateCents?: number;
  /** The window on the shift's weekday; default 07:00–18:00. */
  window?: [string, string];
  dentrix?: boolean;
}

/** A professional of the market (default: one who can take the shift), signed in. */
async function professional(spec: Spec = {}): Promise<{ id: string; client: ApiClient }> {
  const ctx = server.services;
  const zip = spec.homeZip ?? '07601';
  const pro = await seedProfessional(ctx, spec.role ?? 'hygienist', { zipCode: zip });
  const [start, end] = spec.window ?? ['07:00', '18:00'];
  const [row] = await ctx.db
    .update(professionals)
    .set({
      status: spec.status ?? 'verified',
      homeZipCode: zip,
      ...homeCoordinates(zip),
      travelDistanceMiles: spec.travel ?? 25,
      minimumRateCents: spec.minimumRateCents ?? 4000,
      availability: [{ day: weekdayOf(SHIFT_DATE()), startTime: start, endTime: end }],
      software: { Dentrix: spec.dentrix ?? true },
    })
    .where(eq(professionals.userId, pro.userId))
    .returning({ id: professionals.id });
  return { id: row!.id, client: await login(server, pro.email, pro.password, 'professional') };
}

async function postHarborShift(overrides: Parameters<typeof seedShifts>[2] = {}) {
  const [posted] = await seedShifts(server.services, harbor.practiceId, {
    dates: [SHIFT_DATE()],
    startTime: '08:00',
    endTime: '16:00',
    rate: '50.00',
    requirements: ['software:Dentrix'],
    ...overrides,
  });
  return posted!.id;
}

serverForFile(async (started) => {
  server = started;
  harbor = await practiceUser(server, 'Harbor Dental Care');
  lakeside = await practiceUser(server, 'Lakeside Smiles');
  shiftId = await postHarborShift();

  // Two who can take it.
  await professional();
  await professional();
  // One rule only each.
  await professional({ homeZip: '07960', travel: 10 }); // Morristown, 23.7 miles
  await professional({ minimumRateCents: 6000 });
  await professional({ minimumRateCents: 6500 });
  await professional({ window: ['09:00', '18:00'] });
  await professional({ dentrix: false });
  const blocked = await professional();
  await server.services.db
    .insert(blocks)
    .values({ practiceId: harbor.practiceId, professionalId: blocked.id, blockedBy: 'practice' });
  const booked = await professional();
  const [elsewhere] = await seedShifts(server.services, lakeside.practiceId, {
    dates: [SHIFT_DATE()],
    startTime: '10:00',
    endTime: '14:00',
    rate: '50.00',
    bookingMode: 'instant',
  });
  const took = await booked.client.post(`/api/professional/shifts/${elsewhere!.id}/book`);
  expect(took.status, JSON.stringify(took.body)).toBe(201);
  // Two rules: a minimum above the rate and hours that do not fit.
  await professional({ minimumRateCents: 7000, window: ['09:00', '18:00'] });
  // Not counted: too far (Cape May, 140 miles), not verified, another role.
  await professional({ homeZip: '08204', travel: 30 });
  await professional({ status: 'pending' });
  await professional({ role: 'assistant' });
}, SLOW);

describe('GET /api/practice/shifts/{id}/why-not', () => {
  it(
    'counts who each rule leaves out and names the change that reaches the most',
    async () => {
      const res = await harbor.client.get(`/api/practice/shifts/${shiftId}/why-not`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({
        population: 10,
        // The two who can take it, and the one booked elsewhere then: the shift reaches them.
        reached: 3,
        leftOutBy: {
          distance: 1,
          minimumRate: 2,
          availability: 1,
          credentials: 1,
          blocks: 1,
          bookedThen: 1,
        },
        leftOutByMore: 1,
        // $65.00 brings both below-rate professionals in; an hour later, dropping Dentrix or
        // widening would bring one or none.
        bestChange: { kind: 'rate', rateCents: 6500, gain: 2 },
      });
    },
    SLOW,
  );

  it(
    "counts as reached exactly the shift's reach as the shift-reach job stores it",
    async () => {
      await runReachJob(server);
      const [stored] = await queryRows<{ reach: number }>(
        server.services.db,
        sql`select reach from shift_reach where shift_id = ${shiftId}`,
      );
      const res = await harbor.client.get(`/api/practice/shifts/${shiftId}/why-not`);
      expect(Number(stored!.reach)).toBe(3);
      expect(res.body.reached).toBe(Number(stored!.reach));
    },
    SLOW,
  );

  it(
    'names an hour later when that reaches the most, and nothing when no change would',
    async () => {
      // No requirement and $70.00/h: the rate and Dentrix keep no one out; 09:00–17:00 fits the
      // two whose day starts at 9.
      const later = await postHarborShift({ rate: '70.00', requirements: [] });
      const res = await harbor.client.get(`/api/practice/shifts/${later}/why-not`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.bestChange).toEqual({
        kind: 'time',
        startTime: '09:00',
        endTime: '17:00',
        gain: 2,
      });
      expect(res.body.leftOutBy.availability).toBe(2);

      // Nobody works the front desk here: nothing to count, no change reaches anyone.
      const frontDesk = await postHarborShift({
        position: 'Front Desk',
        timePerPatient: null,
        requirements: [],
      });
      const none = await harbor.client.get(`/api/practice/shifts/${frontDesk}/why-not`);
      expect(none.status, JSON.stringify(none.body)).toBe(200);
      expect(none.body).toMatchObject({ population: 0, reached: 0, bestChange: null });
    },
    SLOW,
  );

  it(
    'names a requirement to drop, or a wider distance, when that reaches the most',
    async () => {
      // Dental assistants: the one made above holds Dentrix; two more do not; one lives in
      // Morristown (23.7 miles) and travels 20, within 20 + 5 widened.
      await professional({ role: 'assistant', dentrix: false });
      await professional({ role: 'assistant', dentrix: false });
      await professional({ role: 'assistant', homeZip: '07960', travel: 20 });
      const assistants = await postHarborShift({ position: 'Dental Assistant', rate: '45.00' });
      const dropped = await harbor.client.get(`/api/practice/shifts/${assistants}/why-not`);
      expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
      expect(dropped.body).toMatchObject({
        population: 4,
        reached: 1,
        leftOutBy: { distance: 1, credentials: 2 },
        bestChange: { kind: 'drop_requirement', requirement: 'software:Dentrix', gain: 2 },
      });

      // Without a requirement, only the distance keeps one out: widening by 4 miles reaches them.
      const open = await postHarborShift({
        position: 'Dental Assistant',
        rate: '45.00',
        requirements: [],
      });
      const widened = await harbor.client.get(`/api/practice/shifts/${open}/why-not`);
      expect(widened.body).toMatchObject({
        population: 4,
        reached: 3,
        bestChange: { kind: 'widen', miles: 4, gain: 1 },
      });
    },
    SLOW,
  );

  it(
    "answers 404 for another practice's shift and an unknown id, 409 for one not open",
    async () => {
      expect((await lakeside.client.get(`/api/practice/shifts/${shiftId}/why-not`)).status).toBe(
        404,
      );
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await harbor.client.get(`/api/practice/shifts/${unknown}/why-not`)).status).toBe(404);

      const cancelled = await postHarborShift({ startTime: '17:00', endTime: '19:00' });
      expect(
        (await harbor.client.post(`/api/practice/shifts/${cancelled}/cancel`, {})).status,
      ).toBe(200);
      const refused = await harbor.client.get(`/api/practice/shifts/${cancelled}/why-not`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(whyNotMessages.notOpen);

      const instant = await postHarborShift({
        startTime: '17:00',
        endTime: '19:00',
        bookingMode: 'instant',
        requirements: [],
      });
      const taker = await professional({ window: ['07:00', '20:00'] });
      expect((await taker.client.post(`/api/professional/shifts/${instant}/book`)).status).toBe(
        201,
      );
      const filled = await harbor.client.get(`/api/practice/shifts/${instant}/why-not`);
      expect(filled.status).toBe(409);
      expect(filled.body.error.message).toBe(whyNotMessages.notOpen);
    },
    SLOW,
  );

  it(
    'never shows a practice that a professional blocked it: they are not counted at all',
    async () => {
      const before = await postHarborShift({ startTime: '11:00', endTime: '15:00' });
      const counted = await harbor.client.get(`/api/practice/shifts/${before}/why-not`);
      expect(counted.status).toBe(200);
      // A professional who would be counted blocks the practice (private: it is never told).
      const blocker = await professional({ window: ['07:00', '20:00'] });
      await server.services.db.insert(blocks).values({
        practiceId: harbor.practiceId,
        professionalId: blocker.id,
        blockedBy: 'professional',
      });
      const after = await postHarborShift({ startTime: '11:00', endTime: '15:00' });
      const res = await harbor.client.get(`/api/practice/shifts/${after}/why-not`);
      expect(res.status).toBe(200);
      expect(res.body.population).toBe(counted.body.population);
      expect(res.body.leftOutBy.blocks).toBe(counted.body.leftOutBy.blocks);
    },
    SLOW,
  );
});
