import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProfessionalRole } from '../../src/shared/accounts';
import type { ShiftPreviewDto } from '../../src/shared/fill/shift-preview';
import { rateBoundsMessage } from '../../src/shared/hourly-rate-bounds';
import { locationMessages } from '../../src/shared/practice/location-constants';
import { shiftMessages } from '../../src/shared/practice/shift-constants';
import { weekDays, type WeekDay } from '../../src/shared/professional/availability';
import { requirementTexts } from '../../src/shared/trust/requirements-constants';
import { queryRows } from '../../src/server/db/client';
import { blocks, credentials, professionals, shifts } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { homeCoordinates } from '../../src/server/geo/zip-centroids';
import { practiceUser, serverForFile, type PracticeUser } from '../support/marketplace-fixtures';
import { login } from '../support/professional-session';
import { runReachJob } from '../support/reach-job';
import type { TestServer } from '../support/test-server';

/**
 * The new-shift form's live reach (issue 42, slice 4): how many verified professionals a shift
 * not posted yet would reach at a rate is the reach the shift-reach job stores for the same shift
 * once it is posted at that rate. A hand-made market around Harbor Dental Care (Hackensack, 07601):
 * hygienists with minimums from $35 to $60, one too far, one not free then, one blocked, one
 * without Dentrix, one whose license lapses before the shift, one not verified.
 */
const SLOW = 120_000;
const SHIFT_DATE = () => practiceDateFromToday(6);

let server: TestServer;
let harbor: PracticeUser;
let lakeside: PracticeUser;
let harborLocation: string;
let lakesideLocation: string;

function weekdayOf(date: string): WeekDay {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return weekDays[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]!;
}

interface Spec {
  role?: ProfessionalRole;
  status?: 'pending' | 'verified';
  homeZip?: string;
  travel?: number;
  minimumRateCents?: number | null;
  window?: [string, string];
  dentrix?: boolean;
}

async function professional(spec: Spec = {}): Promise<string> {
  const zip = spec.homeZip ?? '07601';
  const pro = await seedProfessional(server.services, spec.role ?? 'hygienist', { zipCode: zip });
  const [start, end] = spec.window ?? ['07:00', '18:00'];
  const [row] = await server.services.db
    .update(professionals)
    .set({
      status: spec.status ?? 'verified',
      homeZipCode: zip,
      ...homeCoordinates(zip),
      travelDistanceMiles: spec.travel ?? 25,
      minimumRateCents: spec.minimumRateCents === undefined ? 4000 : spec.minimumRateCents,
      availability: [{ day: weekdayOf(SHIFT_DATE()), startTime: start, endTime: end }],
      software: { Dentrix: spec.dentrix ?? true },
    })
    .where(eq(professionals.userId, pro.userId))
    .returning({ id: professionals.id });
  return row!.id;
}

async function mainLocation(practice: PracticeUser): Promise<string> {
  return (await practice.client.get('/api/practice/locations')).body.locations[0].id;
}

interface Planned {
  rate: string;
  requirements?: string[];
  startTime?: string;
  endTime?: string;
}

function previewPath(locationId: string, planned: Planned, overrides: Record<string, string> = {}) {
  return `/api/practice/shift-preview?${new URLSearchParams({
    position: 'Hygienist',
    date: SHIFT_DATE(),
    startTime: planned.startTime ?? '08:00',
    endTime: planned.endTime ?? '16:00',
    rate: planned.rate,
    locationId,
    requirements: (planned.requirements ?? []).join(','),
    ...overrides,
  })}`;
}

async function previewOf(practice: PracticeUser, locationId: string, planned: Planned) {
  const res = await practice.client.get<ShiftPreviewDto>(previewPath(locationId, planned));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Posts the planned shift through the API, lets the shift-reach job count it, reads its reach. */
async function storedReachOncePosted(practice: PracticeUser, locationId: string, planned: Planned) {
  const posted = await practice.client.post('/api/practice/shifts', {
    position: 'Hygienist',
    dates: [SHIFT_DATE()],
    startTime: planned.startTime ?? '08:00',
    endTime: planned.endTime ?? '16:00',
    rate: planned.rate,
    locationId,
    breakMinutes: 30,
    timePerPatient: 30,
    requirements: planned.requirements ?? [],
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  const shiftId = posted.body.shifts[0].id as string;
  await runReachJob(server);
  const [stored] = await queryRows<{ reach: number }>(
    server.services.db,
    sql`select reach from shift_reach where shift_id = ${shiftId}`,
  );
  return Number(stored!.reach);
}

async function shiftCount() {
  const [row] = await queryRows<{ n: number }>(
    server.services.db,
    sql`select count(*)::int as n from ${shifts}`,
  );
  return Number(row!.n);
}

serverForFile(async (started) => {
  server = started;
  harbor = await practiceUser(server, 'Harbor Dental Care');
  lakeside = await practiceUser(server, 'Lakeside Smiles');
  harborLocation = await mainLocation(harbor);
  lakesideLocation = await mainLocation(lakeside);

  await professional({ minimumRateCents: 3500 });
  await professional({ minimumRateCents: null });
  await professional({ minimumRateCents: 4500 });
  await professional({ minimumRateCents: 5000 });
  await professional({ minimumRateCents: 6000 });
  await professional({ homeZip: '07960', travel: 10 }); // Morristown, 23.7 miles
  await professional({ window: ['09:00', '18:00'] });
  await professional({ dentrix: false });
  const blocked = await professional();
  await server.services.db
    .insert(blocks)
    .values({ practiceId: harbor.practiceId, professionalId: blocked, blockedBy: 'professional' });
  // A verified license that expires the day before the shift.
  const lapsing = await professional();
  await server.services.db.insert(credentials).values({
    professionalId: lapsing,
    kind: 'nj_hygienist_license',
    number: 'NJ-HYG-1',
    status: 'verified',
    expiresOn: practiceDateFromToday(5),
  });
  await professional({ status: 'pending' });
  await professional({ role: 'assistant' });
}, SLOW);

describe('GET /api/practice/shift-preview', () => {
  it(
    'counts at each rate the reach the shift-reach job stores once the shift is posted at it',
    async () => {
      const low = await previewOf(harbor, harborLocation, { rate: '40.00' });
      // $35, no minimum, and the one without Dentrix (it is not required).
      expect(low).toEqual({ band: null, reach: [{ rateCents: 4000, reach: 3, asked: true }] });
      expect(await storedReachOncePosted(harbor, harborLocation, { rate: '40.00' })).toBe(3);

      // And those asking $45 and $50.
      const high = await previewOf(harbor, harborLocation, { rate: '55.00' });
      expect(high.reach).toEqual([{ rateCents: 5500, reach: 5, asked: true }]);
      expect(await storedReachOncePosted(harbor, harborLocation, { rate: '55.00' })).toBe(5);

      // Requiring Dentrix leaves out the one without it; from 09:00 the late starter fits.
      const planned = { rate: '45.00', requirements: ['software:Dentrix'], startTime: '09:00' };
      const required = await previewOf(harbor, harborLocation, planned);
      expect(required.reach).toEqual([{ rateCents: 4500, reach: 4, asked: true }]);
      expect(await storedReachOncePosted(harbor, harborLocation, planned)).toBe(4);
    },
    SLOW,
  );

  it(
    'posts nothing, and a practice ChairFill has not verified reaches nobody, as its shifts do',
    async () => {
      const before = await shiftCount();
      const pending = await seedPractice(
        server.services,
        { practiceName: 'Waiting Dental' },
        { verified: false },
      );
      const client = await login(server, pending.email, pending.password, 'practice');
      const waiting = { client, practiceId: pending.practiceId, userId: pending.userId };
      const location = await mainLocation(waiting);
      const preview = await previewOf(waiting, location, { rate: '55.00' });
      expect(preview.reach).toEqual([{ rateCents: 5500, reach: 0, asked: true }]);
      expect(await shiftCount()).toBe(before);
    },
    SLOW,
  );

  it(
    "answers 404 for another practice's location and an unknown one",
    async () => {
      const theirs = await harbor.client.get(previewPath(lakesideLocation, { rate: '50.00' }));
      expect(theirs.status).toBe(404);
      expect(theirs.body.error.message).toBe(locationMessages.notFound);
      const unknown = await harbor.client.get(
        previewPath('00000000-0000-4000-8000-000000000000', { rate: '50.00' }),
      );
      expect(unknown.status).toBe(404);
    },
    SLOW,
  );

  it(
    "refuses input the new-shift form refuses, with the form's messages",
    async () => {
      const refusals: [Record<string, string>, string][] = [
        [{ position: 'Dentist' }, shiftMessages.selectPosition],
        [{ rate: '2.00' }, rateBoundsMessage('Hygienist')],
        [{ rate: '' }, shiftMessages.enterRate],
        [{ startTime: '16:00', endTime: '08:00' }, shiftMessages.endAfterStart],
        [{ date: practiceDateFromToday(-1) }, shiftMessages.pastDate],
        [{ date: practiceDateFromToday(200) }, shiftMessages.dateOutOfRange],
        [{ locationId: 'not-an-id' }, shiftMessages.selectLocation],
        [{ requirements: 'nj_rda_registration' }, requirementTexts.invalid],
      ];
      for (const [overrides, message] of refusals) {
        const res = await harbor.client.get(
          previewPath(harborLocation, { rate: '50.00' }, overrides),
        );
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(res.body.error.message, JSON.stringify(overrides)).toBe(message);
      }
    },
    SLOW,
  );
});
