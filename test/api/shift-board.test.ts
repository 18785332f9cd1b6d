import { eq, inArray } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfessionalRole } from '../../src/shared/accounts';
import {
  availabilityReason,
  distanceReason,
  rateReason,
  shiftBoardMessages,
} from '../../src/shared/matching/shift-board';
import type { ShiftBoardReply } from '../../src/shared/professional/professional-replies';
import { practiceInstant } from '../../src/shared/practice/shift-dates';
import type { ShiftPosition } from '../../src/shared/practice/shifts';
import type { ShiftDto } from '../../src/shared/practice/practice-replies';
import {
  weekDays,
  type AvailabilityEntry,
  type WeekDay,
} from '../../src/shared/professional/availability';
import {
  blocks,
  credentials,
  favourites,
  locations,
  practices,
  professionals,
  shifts,
} from '../../src/server/db/schema';
import type { CredentialKind } from '../../src/shared/trust/credentials';
import {
  seedLocation,
  seedPractice,
  seedProfessional,
} from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { backfillCoordinates } from '../../src/server/services/matching/backfill-coordinates';
import { signedInPractice } from '../support/practice-session';
import { readAfterReachJob } from '../support/reach-job';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

let server: TestServer;
/** One practice with a location per ZIP code the cases use (Hackensack area, New Jersey). */
let practiceId: string;
const locationByZip = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  const practice = await seedPractice(server.services, { zipCode: '07601' });
  practiceId = practice.practiceId;
});
afterAll(async () => {
  await server?.stop();
});

const HOME_ZIP = '07601'; // Hackensack
/** Distances from Hackensack's centroid: Paramus 4.2 mi, New Brunswick 34.6, Lakewood 56.1. */
const NEAR_ZIP = '07652';
const FAR_ZIP = '08901';
const VERY_FAR_ZIP = '08701';

function weekdayOf(date: string): WeekDay {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekDays[(sundayFirst + 6) % 7]!;
}

/** Straight-line miles between two ZIP centroids, computed here independently of the app. */
function milesBetween(zipA: string, zipB: string): number {
  const a = zipcodes.lookup(zipA)!;
  const b = zipcodes.lookup(zipB)!;
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) *
      Math.cos(rad(b.latitude)) *
      Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

async function locationFor(zip: string, forPractice = practiceId): Promise<string> {
  const key = `${forPractice}:${zip}`;
  const known = locationByZip.get(key);
  if (known) return known;
  const row = await seedLocation(server.services, forPractice, {
    name: `Office ${zip}`,
    address: `${zip} Main Street`,
    zipCode: zip,
  });
  locationByZip.set(key, row.id);
  return row.id;
}

interface ShiftSpec {
  position?: ShiftPosition;
  zip?: string;
  date?: string;
  startTime?: string;
  endTime?: string;
  rate?: string;
  state?: 'open' | 'cancelled' | 'filled' | 'past' | 'summer';
  practice?: string;
  /** What it requires (@shared/trust/requirements). */
  requirements?: string[];
  /** Offered to the practice's favourites first: still ('open') or no longer ('over'). */
  favouritesFirst?: 'open' | 'over';
  /** Posted by a practice ChairFill has not verified (yet, or at all). */
  practiceReview?: 'pending' | 'rejected';
}

/** The date the cases post on: two days ahead (always postable, never past). */
const SHIFT_DATE = () => practiceDateFromToday(2);
/** A July date next year: New Jersey is on daylight time (UTC-4) then, standard time (UTC-5) now. */
function summerDate(): string {
  const year = Number(practiceDateFromToday(0).slice(0, 4)) + 1;
  return `${year}-07-13`;
}

async function postShift(spec: ShiftSpec = {}): Promise<string> {
  const ctx = server.services;
  const forPractice = spec.practice ?? practiceId;
  const locationId = await locationFor(spec.zip ?? NEAR_ZIP, forPractice);
  const startTime = spec.startTime ?? '08:00';
  const endTime = spec.endTime ?? '16:00';
  const position = spec.position ?? 'Hygienist';
  const rate = spec.rate ?? '55.00';
  const base = {
    position,
    startTime,
    endTime,
    rate,
    locationId,
    timePerPatient: position === 'Front Desk' ? null : 30,
  };
  if (spec.state === 'past') {
    // Posted three days ago for the next day: it started two days ago.
    const then = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    const [created] = await seedShifts(
      ctx,
      forPractice,
      { ...base, dates: [practiceDateFromToday(1, then)] },
      then,
    );
    return created!.id;
  }
  if (spec.state === 'summer') {
    // Beyond the posting window, so stored directly, as a shift posted in the spring would be.
    const date = spec.date ?? summerDate();
    const [location] = await ctx.db.select().from(locations).where(eq(locations.id, locationId));
    const centroid = zipcodes.lookup(spec.zip ?? NEAR_ZIP)!;
    const [row] = await ctx.db
      .insert(shifts)
      .values({
        practiceId: forPractice,
        locationId,
        locationName: location!.name,
        locationAddress: location!.address,
        locationZipCode: location!.zipCode,
        latitude: centroid.latitude,
        longitude: centroid.longitude,
        position,
        startsAt: practiceInstant(date, startTime)!,
        endsAt: practiceInstant(date, endTime)!,
        rateCents: Math.round(Number(rate) * 100),
      })
      .returning();
    return row!.id;
  }
  const [created] = await seedShifts(ctx, forPractice, {
    ...base,
    dates: [spec.date ?? SHIFT_DATE()],
    requirements: spec.requirements ?? [],
  });
  if (spec.state === 'cancelled' || spec.state === 'filled') {
    await ctx.db.update(shifts).set({ status: spec.state }).where(eq(shifts.id, created!.id));
  }
  if (spec.practiceReview) {
    const unverified = await seedPractice(server.services, { zipCode: '07601' });
    await ctx.db
      .update(practices)
      .set({ verificationStatus: spec.practiceReview })
      .where(eq(practices.id, unverified.practiceId));
    const [shift] = await seedShifts(ctx, unverified.practiceId, {
      ...base,
      locationId: await locationFor(spec.zip ?? NEAR_ZIP, unverified.practiceId),
      dates: [spec.date ?? SHIFT_DATE()],
    });
    return shift!.id;
  }
  if (spec.favouritesFirst) {
    const minutes = spec.favouritesFirst === 'open' ? 60 : -1;
    await ctx.db
      .update(shifts)
      .set({ favouritesFirstUntil: new Date(Date.now() + minutes * 60_000) })
      .where(eq(shifts.id, created!.id));
  }
  return created!.id;
}

interface ProfessionalSpec {
  role?: ProfessionalRole;
  status?: 'pending' | 'verified' | 'rejected' | 'suspended';
  homeZip?: string;
  travel?: number | null;
  minimumRateCents?: number | null;
  /** Default: the shift date's weekday, 7:00 AM to 6:00 PM. */
  availability?: AvailabilityEntry[];
  /** Ticked software in the profile. */
  software?: Record<string, boolean>;
  /** Credentials held: kind, status and expiry in days from today (null: unknown). */
  credentials?: Array<{
    kind: CredentialKind;
    status: 'pending' | 'verified' | 'rejected';
    expiresIn: number | null;
  }>;
  /** One of the (default) practice's favourites. */
  favourite?: boolean;
  /** A block between them and the (default) practice, made by either side. */
  blockedBy?: 'practice' | 'professional';
}

async function professional(
  spec: ProfessionalSpec = {},
): Promise<{ client: ApiClient; id: string }> {
  const ctx = server.services;
  const pro = await seedProfessional(ctx, spec.role ?? 'hygienist', {
    zipCode: spec.homeZip ?? HOME_ZIP,
  });
  const [row] = await ctx.db
    .update(professionals)
    .set({
      status: spec.status ?? 'verified',
      travelDistanceMiles: spec.travel === undefined ? 25 : spec.travel,
      minimumRateCents: spec.minimumRateCents === undefined ? 5000 : spec.minimumRateCents,
      availability: spec.availability ?? [
        { day: weekdayOf(SHIFT_DATE()), startTime: '07:00', endTime: '18:00' },
      ],
      ...(spec.software ? { software: spec.software } : {}),
    })
    .where(eq(professionals.userId, pro.userId))
    .returning();
  for (const held of spec.credentials ?? []) {
    await ctx.db.insert(credentials).values({
      professionalId: row!.id,
      kind: held.kind,
      number: 'C-1',
      status: held.status,
      expiresOn: held.expiresIn === null ? null : practiceDateFromToday(held.expiresIn),
    });
  }
  if (spec.blockedBy) {
    await ctx.db
      .insert(blocks)
      .values({ practiceId, professionalId: row!.id, blockedBy: spec.blockedBy });
  }
  if (spec.favourite) {
    await ctx.db.insert(favourites).values({ practiceId, professionalId: row!.id });
  }
  const client = server.client();
  const login = await client.post('/api/login', {
    email: pro.email,
    password: pro.password,
    audience: 'professional',
  });
  expect(login.status).toBe(200);
  return { client, id: row!.id };
}

async function board(client: ApiClient, query = ''): Promise<ShiftBoardReply> {
  const res = await client.get<ShiftBoardReply>(`/api/professional/shift-board${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

interface EligibilityCase {
  name: string;
  pro?: ProfessionalSpec;
  shift?: ShiftSpec;
  query?: string;
  listed: boolean;
}

const window = (day: WeekDay | 'shift-day', startTime: string, endTime: string) => () => [
  { day: day === 'shift-day' ? weekdayOf(SHIFT_DATE()) : day, startTime, endTime },
];
const allWeek = () => weekDays.map((day) => ({ day, startTime: '07:00', endTime: '18:00' }));
const otherDay = () => weekDays[(weekDays.indexOf(weekdayOf(SHIFT_DATE())) + 1) % 7]!;

type LazyCase = Omit<EligibilityCase, 'pro'> & {
  pro?: Omit<ProfessionalSpec, 'availability'> & { availability?: () => AvailabilityEntry[] };
};

const cases: LazyCase[] = [
  // Distance (home Hackensack, travel distance 25 miles)
  { name: 'distance: inside the travel distance (4.2 mi)', listed: true },
  {
    name: 'distance: outside the travel distance (34.6 mi)',
    shift: { zip: FAR_ZIP },
    listed: false,
  },
  {
    name: 'distance: outside, widened to 50 miles',
    shift: { zip: FAR_ZIP },
    query: '?maxDistance=50',
    listed: true,
  },
  {
    name: 'distance: outside even widened to 50 miles (56.1 mi)',
    shift: { zip: VERY_FAR_ZIP },
    query: '?maxDistance=50',
    listed: false,
  },
  {
    name: 'distance: a narrower filter never narrows the travel distance',
    query: '?maxDistance=1',
    listed: true,
  },
  // Rate (minimum $50.00)
  { name: 'rate: above the minimum', shift: { rate: '55.00' }, listed: true },
  { name: 'rate: equal to the minimum', shift: { rate: '50.00' }, listed: true },
  { name: 'rate: below the minimum', shift: { rate: '49.99' }, listed: false },
  {
    name: 'rate: below the minimum, shown with includeBelowMinimum',
    shift: { rate: '49.99' },
    query: '?includeBelowMinimum=true',
    listed: true,
  },
  {
    name: 'rate: no minimum set',
    pro: { minimumRateCents: null },
    shift: { rate: '20.00' },
    listed: true,
  },
  // Availability (NJ wall-clock times; default window 7:00 AM to 6:00 PM on the shift's weekday)
  {
    name: 'availability: exactly the window (8:00 AM–4:00 PM)',
    pro: { availability: window('shift-day', '08:00', '16:00') },
    listed: true,
  },
  {
    name: 'availability: starts before the window',
    pro: { availability: window('shift-day', '09:00', '17:00') },
    listed: false,
  },
  {
    name: 'availability: ends after the window',
    pro: { availability: window('shift-day', '07:00', '15:00') },
    listed: false,
  },
  {
    name: 'availability: wrong weekday',
    pro: { availability: () => [{ day: otherDay(), startTime: '07:00', endTime: '18:00' }] },
    listed: false,
  },
  {
    name: 'availability: DST-safe, a July (daylight time) shift at 8:00 AM fits an 8:00 AM window',
    pro: {
      availability: () => [{ day: weekdayOf(summerDate()), startTime: '08:00', endTime: '16:00' }],
    },
    shift: { state: 'summer' },
    listed: true,
  },
  {
    name: 'availability: DST-safe, a July 8:00 AM shift does not fit a 9:00 AM window',
    pro: {
      availability: () => [{ day: weekdayOf(summerDate()), startTime: '09:00', endTime: '17:00' }],
    },
    shift: { state: 'summer' },
    listed: false,
  },
  // Position
  { name: 'position: hygienist sees a Hygienist shift', listed: true },
  {
    name: 'position: hygienist does not see a Dental Assistant shift',
    shift: { position: 'Dental Assistant' },
    listed: false,
  },
  {
    name: 'position: assistant sees a Dental Assistant shift',
    pro: { role: 'assistant' },
    shift: { position: 'Dental Assistant' },
    listed: true,
  },
  {
    name: 'position: assistant does not see a Hygienist shift',
    pro: { role: 'assistant' },
    listed: false,
  },
  {
    name: 'position: front desk sees a Front Desk shift',
    pro: { role: 'front-desk' },
    shift: { position: 'Front Desk' },
    listed: true,
  },
  {
    name: 'position: front desk does not see a Dental Assistant shift',
    pro: { role: 'front-desk' },
    shift: { position: 'Dental Assistant' },
    listed: false,
  },
  // Shift status
  { name: 'status: an open future shift', listed: true },
  { name: 'status: a cancelled shift', shift: { state: 'cancelled' }, listed: false },
  { name: 'status: a filled shift', shift: { state: 'filled' }, listed: false },
  {
    name: 'status: a shift that has started (past), on a day they are available',
    pro: { availability: allWeek },
    shift: { state: 'past' },
    listed: false,
  },
  // Verification: everyone sees the board; only verified professionals can book
  { name: 'verification: pending still sees matches', pro: { status: 'pending' }, listed: true },
  {
    name: 'verification: suspended still sees matches',
    pro: { status: 'suspended' },
    listed: true,
  },
  // Requirements (decision record 022; more cases, with reach, apply and book: credentials.test.ts)
  {
    name: 'requirements: Dentrix required and ticked',
    pro: { software: { Dentrix: true } },
    shift: { requirements: ['software:Dentrix'] },
    listed: true,
  },
  {
    name: 'requirements: Dentrix required, not ticked',
    shift: { requirements: ['software:Dentrix'] },
    listed: false,
  },
  {
    name: 'requirements: a verified permit valid on the shift date',
    pro: { credentials: [{ kind: 'local_anesthesia_permit', status: 'verified', expiresIn: 2 }] },
    shift: { requirements: ['local_anesthesia_permit'] },
    listed: true,
  },
  {
    name: 'requirements: a verified permit expiring the day before the shift',
    pro: { credentials: [{ kind: 'local_anesthesia_permit', status: 'verified', expiresIn: 1 }] },
    shift: { requirements: ['local_anesthesia_permit'] },
    listed: false,
  },
  // Practice review and blocks (decision record 021)
  { name: 'practice: waiting for review', shift: { practiceReview: 'pending' }, listed: false },
  { name: 'practice: rejected', shift: { practiceReview: 'rejected' }, listed: false },
  { name: 'block: by the practice', pro: { blockedBy: 'practice' }, listed: false },
  { name: 'block: by the professional', pro: { blockedBy: 'professional' }, listed: false },
  {
    name: 'block: a favourite the practice then blocked, offered to favourites first',
    shift: { favouritesFirst: 'open' },
    pro: { favourite: true, blockedBy: 'practice' },
    listed: false,
  },
  // Favourites first (decision record 022)
  {
    name: 'favourites first: still offered to favourites, not one',
    shift: { favouritesFirst: 'open' },
    listed: false,
  },
  {
    name: 'favourites first: still offered to favourites, a favourite',
    shift: { favouritesFirst: 'open' },
    pro: { favourite: true },
    listed: true,
  },
  {
    name: 'favourites first: the time is over (before the job clears it), not a favourite',
    shift: { favouritesFirst: 'over' },
    listed: true,
  },
  {
    name: 'requirements: a permit waiting for review',
    pro: { credentials: [{ kind: 'local_anesthesia_permit', status: 'pending', expiresIn: 90 }] },
    shift: { requirements: ['local_anesthesia_permit'] },
    listed: false,
  },
];

describe('GET /api/professional/shift-board: eligibility', () => {
  it.each(cases)('$name', async (c) => {
    const shiftId = await postShift(c.shift);
    const { client } = await professional({
      ...c.pro,
      availability: c.pro?.availability?.(),
    });
    const reply = await board(client, c.query ?? '');
    expect(reply.profileComplete).toBe(true);
    expect(reply.shifts.map((s) => s.id).includes(shiftId)).toBe(c.listed);
    const status = c.pro?.status ?? 'verified';
    expect(reply.status).toBe(status);
    expect(reply.canBook).toBe(status === 'verified');
  });
});

describe('GET /api/professional/shift-board: reasons, sort and empty states', () => {
  it('says why each shift fits: distance, rate against the minimum, availability window', async () => {
    const shiftId = await postShift({ zip: NEAR_ZIP, rate: '57.25' });
    const { client } = await professional({ travel: 25, minimumRateCents: 5000 });
    const reply = await board(client);
    const item = reply.shifts.find((s) => s.id === shiftId)!;
    const miles = Math.round(milesBetween(HOME_ZIP, NEAR_ZIP) * 10) / 10;
    expect(item.reasons).toEqual({
      distanceMiles: miles,
      travelDistanceMiles: 25,
      withinTravelDistance: true,
      rateCents: 5725,
      minimumRateCents: 5000,
      meetsMinimumRate: true,
      window: { day: weekdayOf(SHIFT_DATE()), startTime: '07:00', endTime: '18:00' },
    });
    expect(item).toMatchObject({
      practiceName: 'Harbor Dental Care',
      position: 'Hygienist',
      rateCents: 5725,
      location: {
        name: `Office ${NEAR_ZIP}`,
        address: `${NEAR_ZIP} Main Street`,
        zipCode: NEAR_ZIP,
      },
    });
    expect(distanceReason(item.reasons)).toBe(
      `${miles.toFixed(1)} miles away (within your 25 miles)`,
    );
    expect(rateReason(item.reasons)).toBe('$57.25/hr — $7.25 above your minimum');
    expect(availabilityReason(item.reasons.window)).toBe(
      `Fits your ${weekdayOf(SHIFT_DATE())} 7:00 AM–6:00 PM availability`,
    );
    expect(reply.filters).toEqual({
      travelDistanceMiles: 25,
      maxDistanceMiles: 25,
      includeBelowMinimum: false,
      minimumRateCents: 5000,
    });
  });

  it('explains widened and below-minimum matches', async () => {
    const far = await postShift({ zip: FAR_ZIP, rate: '50.00' });
    const low = await postShift({ zip: NEAR_ZIP, rate: '45.00' });
    const { client } = await professional();
    const reply = await board(client, '?maxDistance=50&includeBelowMinimum=true');
    expect(reply.filters.maxDistanceMiles).toBe(50);
    const farItem = reply.shifts.find((s) => s.id === far)!;
    const lowItem = reply.shifts.find((s) => s.id === low)!;
    expect(distanceReason(farItem.reasons)).toBe(
      `${(Math.round(milesBetween(HOME_ZIP, FAR_ZIP) * 10) / 10).toFixed(1)} miles away (beyond your 25 miles)`,
    );
    expect(rateReason(farItem.reasons)).toBe('$50.00/hr — matches your minimum');
    expect(lowItem.reasons.meetsMinimumRate).toBe(false);
    expect(rateReason(lowItem.reasons)).toBe('$45.00/hr — $5.00 below your minimum');
  });

  it('sorts by best fit (meets distance and rate first), then nearer, higher rate, sooner', async () => {
    const p = await seedPractice(server.services, { zipCode: '07601' });
    const day2 = practiceDateFromToday(2);
    const day3 = practiceDateFromToday(3);
    const availability = [day2, day3].map((d) => ({
      day: weekdayOf(d),
      startTime: '07:00',
      endTime: '18:00',
    }));
    const ids = {
      nearLaterHigh: await postShift({
        practice: p.practiceId,
        zip: NEAR_ZIP,
        rate: '60.00',
        date: day3,
      }),
      nearSoonHigh: await postShift({
        practice: p.practiceId,
        zip: NEAR_ZIP,
        rate: '60.00',
        date: day2,
      }),
      nearLow: await postShift({
        practice: p.practiceId,
        zip: NEAR_ZIP,
        rate: '52.00',
        date: day2,
      }),
      home: await postShift({ practice: p.practiceId, zip: HOME_ZIP, rate: '51.00', date: day3 }),
      farFits: await postShift({ practice: p.practiceId, zip: FAR_ZIP, rate: '70.00', date: day2 }),
      nearBelow: await postShift({
        practice: p.practiceId,
        zip: NEAR_ZIP,
        rate: '40.00',
        date: day2,
      }),
      farBelow: await postShift({
        practice: p.practiceId,
        zip: FAR_ZIP,
        rate: '40.00',
        date: day2,
      }),
    };
    const { client } = await professional({ availability });
    const reply = await board(client, '?maxDistance=50&includeBelowMinimum=true');
    const mine = new Set(Object.values(ids));
    const order = reply.shifts.map((s) => s.id).filter((id) => mine.has(id));
    expect(order).toEqual([
      ids.home,
      ids.nearSoonHigh,
      ids.nearLaterHigh,
      ids.nearLow,
      ids.nearBelow,
      ids.farFits,
      ids.farBelow,
    ]);
  });

  it('lists the nearest 200 fits: matched nearest first, the same board as over the whole travel distance', async () => {
    const p = await seedPractice(server.services, { zipCode: '07601' });
    const dates = [2, 3, 4, 5, 6, 7, 8].map((days) => practiceDateFromToday(days));
    // 224 fits within 9 miles of home (eight ZIP codes, four rates, seven dates) and better
    // paid ones a little farther (11.0 and 11.5 miles), all within the travel distance.
    const nearZips = ['07607', '07666', '07026', '07621', '07652', '07024', '07022', '07640'];
    for (const zip of nearZips) {
      for (const rate of ['30.00', '35.00', '40.00', '45.00']) {
        await seedShifts(server.services, p.practiceId, {
          position: 'Front Desk',
          timePerPatient: null,
          locationId: await locationFor(zip, p.practiceId),
          rate,
          dates,
        });
      }
    }
    for (const zip of ['07470', '07302']) {
      await seedShifts(server.services, p.practiceId, {
        position: 'Front Desk',
        timePerPatient: null,
        locationId: await locationFor(zip, p.practiceId),
        rate: '60.00',
        dates,
      });
    }
    // No minimum rate: listing the shifts below it too changes nothing but how the board is
    // matched (then over the whole travel distance at once).
    const { client } = await professional({
      role: 'front-desk',
      minimumRateCents: null,
      availability: allWeek(),
    });
    const nearestFirst = await board(client);
    const whole = await board(client, '?includeBelowMinimum=true');
    expect(nearestFirst.shifts).toHaveLength(200);
    expect(nearestFirst.shifts).toEqual(whole.shifts);
    expect(nearestFirst.requirementNote).toEqual(whole.requirementNote);
    const miles = nearestFirst.shifts.map((s) => s.reasons.distanceMiles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(Math.max(...miles)).toBeLessThan(10);
    // Within a distance, the higher rate first.
    const first = nearestFirst.shifts.filter((s) => s.reasons.distanceMiles === miles[0]);
    const rates = first.map((s) => s.rateCents);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('answers an honest empty board when the home ZIP, travel distance or availability is missing', async () => {
    await postShift();
    for (const missing of [{ travel: null }, { availability: [] }] as ProfessionalSpec[]) {
      const { client } = await professional(missing);
      const reply = await board(client);
      expect(reply).toMatchObject({
        profileComplete: false,
        message: shiftBoardMessages.incompleteProfile,
        shifts: [],
      });
    }
    const { client, id } = await professional();
    await server.services.db
      .update(professionals)
      .set({ homeZipCode: '', homeLatitude: null, homeLongitude: null })
      .where(eq(professionals.id, id));
    expect((await board(client)).message).toBe(shiftBoardMessages.incompleteProfile);
  });

  it('a professional fresh from signup is pending, cannot book, and is told what to fill in', async () => {
    const pro = await seedProfessional(server.services, 'hygienist');
    const client = server.client();
    await client.post('/api/login', {
      email: pro.email,
      password: pro.password,
      audience: 'professional',
    });
    const reply = await board(client);
    expect(reply).toMatchObject({
      status: 'pending',
      canBook: false,
      profileComplete: false,
      message: shiftBoardMessages.incompleteProfile,
      shifts: [],
    });
  });

  it('refuses a distance beyond 100 miles', async () => {
    const { client } = await professional();
    const res = await client.get('/api/professional/shift-board?maxDistance=150');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(shiftBoardMessages.invalidDistance);
  });

  it('answers 401 signed out and 403 to a practice', async () => {
    expect((await server.client().get('/api/professional/shift-board')).status).toBe(401);
    const practice = await signedInPractice(server);
    expect((await practice.client.get('/api/professional/shift-board')).status).toBe(403);
  });
});

describe('coordinates from ZIP codes', () => {
  it('fills them when a ZIP is saved: profile, signup, location, shift; and backfills old rows', async () => {
    const { client, id } = await professional();
    const saved = await client.put('/api/professional/profile', { homeZipCode: FAR_ZIP });
    expect(saved.status).toBe(200);
    const [row] = await server.services.db
      .select()
      .from(professionals)
      .where(eq(professionals.id, id));
    const centroid = zipcodes.lookup(FAR_ZIP)!;
    expect([row!.homeLatitude, row!.homeLongitude]).toEqual([
      centroid.latitude,
      centroid.longitude,
    ]);

    const practice = await signedInPractice(server, { zipCode: '07740' });
    const [main] = await server.services.db
      .select()
      .from(locations)
      .where(eq(locations.practiceId, practice.practiceId));
    expect(main!.latitude).toBe(zipcodes.lookup('07740')!.latitude);
    const created = await practice.client.post('/api/practice/locations', {
      name: 'Second Office',
      address: '1 Broad Street',
      city: 'Newark',
      state: 'NJ',
      zipCode: '07102',
      phone: '(973) 555-0100',
      email: 'second@example.com',
      pointOfContact: 'Sam',
      dentalSoftware: '',
      operatoryCount: 3,
    });
    expect(created.status).toBe(201);
    const [second] = await server.services.db
      .select()
      .from(locations)
      .where(eq(locations.id, created.body.id));
    expect(second!.longitude).toBe(zipcodes.lookup('07102')!.longitude);

    const shiftId = await postShift({ practice: practice.practiceId, zip: '07030' });
    const [shift] = await server.services.db.select().from(shifts).where(eq(shifts.id, shiftId));
    expect(shift!.latitude).toBe(zipcodes.lookup('07030')!.latitude);

    await server.services.db
      .update(shifts)
      .set({ latitude: null, longitude: null })
      .where(eq(shifts.id, shiftId));
    await server.services.db
      .update(professionals)
      .set({ homeLatitude: null, homeLongitude: null })
      .where(eq(professionals.id, id));
    const counts = await backfillCoordinates(server.services.db);
    expect(counts.shifts).toBeGreaterThanOrEqual(1);
    expect(counts.professionals).toBeGreaterThanOrEqual(1);
    const [refilled] = await server.services.db
      .select()
      .from(shifts)
      .where(inArray(shifts.id, [shiftId]));
    expect(refilled!.latitude).toBe(zipcodes.lookup('07030')!.latitude);
  });
});

describe('GET /api/practice/shifts: reach', () => {
  it('counts the verified professionals each open future shift fits now', async () => {
    // Helena, Montana: far from every other case, so only this test's professionals are near.
    const p = await signedInPractice(server, { zipCode: '59601', state: 'MT', city: 'Helena' });
    const reached = await postShift({ practice: p.practiceId, zip: '59601' });
    const lowRate = await postShift({ practice: p.practiceId, zip: '59601', rate: '30.00' });
    const cancelled = await postShift({ practice: p.practiceId, zip: '59601', state: 'cancelled' });
    const assistantShift = await postShift({
      practice: p.practiceId,
      zip: '59601',
      position: 'Dental Assistant',
    });

    const near = { homeZip: '59602' };
    await professional({ ...near }); // verified hygienist: fits `reached`
    await professional({ ...near, homeZip: '59635' }); // verified, East Helena: fits too
    await professional({ ...near, status: 'pending' }); // not verified: not counted
    await professional({ ...near, status: 'suspended' }); // not verified: not counted
    await professional({ ...near, role: 'assistant' }); // fits `assistantShift` only
    await professional({ ...near, minimumRateCents: 6000 }); // rate too low for them
    await professional({ ...near, homeZip: '59101' }); // Billings, 178 miles: too far
    await professional({
      ...near,
      availability: [{ day: otherDay(), startTime: '07:00', endTime: '18:00' }],
    }); // wrong day

    const list = () => p.client.get<{ shifts: ShiftDto[] }>('/api/practice/shifts');
    const res = await readAfterReachJob(server, list);
    expect(res.status).toBe(200);
    const reach = Object.fromEntries(res.body.shifts.map((s) => [s.id, s.reach]));
    expect(reach[reached]).toBe(2);
    expect(reach[lowRate]).toBe(0);
    expect(reach[assistantShift]).toBe(1);
    expect(reach[cancelled]).toBeUndefined();

    // The board agrees with reach: a counted professional sees the shift.
    const { client } = await professional({ ...near });
    const reply = await board(client);
    expect(reply.shifts.map((s) => s.id)).toContain(reached);
    expect(reply.shifts.map((s) => s.id)).not.toContain(lowRate);
    const again = await readAfterReachJob(server, list);
    expect(again.body.shifts.find((s) => s.id === reached)!.reach).toBe(3);
  });

  it('follows every change of a professional or the shift once the job counted what the list queued', async () => {
    // Lewistown, Montana: far from every other case.
    const p = await signedInPractice(server, { zipCode: '59457', state: 'MT', city: 'Lewistown' });
    const shiftId = await postShift({ practice: p.practiceId, zip: '59457' });
    const near = { homeZip: '59457' };
    const first = await professional(near);
    const second = await professional(near);
    const reachNow = async () => {
      const res = await readAfterReachJob(server, () =>
        p.client.get<{ shifts: ShiftDto[] }>('/api/practice/shifts'),
      );
      expect(res.status).toBe(200);
      return res.body.shifts.find((s) => s.id === shiftId)!.reach;
    };
    expect(await reachNow()).toBe(2);

    // A professional's minimum rate rises above the shift's rate, then comes back.
    const setPro = (id: string, change: Partial<typeof professionals.$inferInsert>) =>
      server.services.db.update(professionals).set(change).where(eq(professionals.id, id));
    await setPro(first.id, { minimumRateCents: 6000 });
    expect(await reachNow()).toBe(1);
    await setPro(first.id, { minimumRateCents: 5000 });
    expect(await reachNow()).toBe(2);
    // Suspended: no longer counted; a shorter travel distance or another day: not counted either.
    await setPro(second.id, { status: 'suspended' });
    expect(await reachNow()).toBe(1);
    await setPro(first.id, {
      availability: [{ day: otherDay(), startTime: '07:00', endTime: '18:00' }],
    });
    expect(await reachNow()).toBe(0);
    await setPro(first.id, {
      availability: [{ day: weekdayOf(SHIFT_DATE()), startTime: '07:00', endTime: '18:00' }],
    });
    await setPro(second.id, { status: 'verified' });
    expect(await reachNow()).toBe(2);

    // The practice raises the rate past the first professional's new minimum: counted again
    // only when the rate meets it; moving the start before their window drops both.
    await setPro(first.id, { minimumRateCents: 6000 });
    expect(await reachNow()).toBe(1);
    const edited = await p.client.patch(`/api/practice/shifts/${shiftId}`, {
      startTime: '08:00',
      endTime: '16:00',
      rate: '60.00',
    });
    expect(edited.status).toBe(200);
    expect(await reachNow()).toBe(2);
    const early = await p.client.patch(`/api/practice/shifts/${shiftId}`, {
      startTime: '06:00',
      endTime: '16:00',
      rate: '60.00',
    });
    expect(early.status).toBe(200);
    expect(await reachNow()).toBe(0);
    // A change written straight to the table (no service) is seen too.
    await server.services.db
      .update(shifts)
      .set({ startsAt: practiceInstant(SHIFT_DATE(), '09:00')! })
      .where(eq(shifts.id, shiftId));
    expect(await reachNow()).toBe(2);
    // Two windows on the shift's weekday that both fit it (written straight to the table: the
    // profile form allows one a day): still one professional.
    const day = weekdayOf(SHIFT_DATE());
    await setPro(first.id, {
      availability: [
        { day, startTime: '07:00', endTime: '18:00' },
        { day, startTime: '08:00', endTime: '17:00' },
      ],
    });
    expect(await reachNow()).toBe(2);
  });
});
