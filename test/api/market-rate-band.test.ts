import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfessionalRole } from '../../src/shared/accounts';
import { dayTypeOf, type MarketDayType } from '../../src/shared/fill/market-rate-constants';
import type { ShiftPreviewDto } from '../../src/shared/fill/shift-preview';
import { shiftPositionByRole } from '../../src/shared/matching/shift-board-constants';
import { addDays, practiceDateOf } from '../../src/shared/practice/shift-dates';
import type { ShiftPosition } from '../../src/shared/practice/shift-constants';
import { weekDays } from '../../src/shared/professional/availability';
import { isMovableClock } from '../../src/server/clock';
import { professionals } from '../../src/server/db/schema';
import {
  seedLocation,
  seedPractice,
  seedProfessional,
} from '../../src/server/db/seed/seed-accounts';
import { seedShifts } from '../../src/server/db/seed/seed-shifts';
import { homeCoordinates } from '../../src/server/geo/zip-centroids';
import {
  practiceUser,
  professionalUser,
  type PracticeUser,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The market rate band of the new-shift form (issue 42, slice 4): the 25th-75th percentile of
 * the rates at which other practices' shifts of the role filled nearby in the last 90 days, shown
 * only when it rests on at least 5 shifts of at least 3 practices, none holding more than half.
 * The market's clock starts on Monday 7 January 2030, 9 AM in New Jersey, and is moved by the
 * last test. Each case has its own role or day type (or asker): a band is kept per asker, place,
 * role and day type for the rest of the New Jersey day.
 */
const SLOW = 120_000;
const DAY = 24 * 60 * 60 * 1000;
const START = '2030-01-07T09:00:00-05:00';

let server: TestServer;
const takers = new Map<ProfessionalRole, ProfessionalUser>();
/** Each taker's booked slots so far (a professional cannot be booked twice at once). */
const slotsUsed = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer({ MARKET_CLOCK: 'movable', MARKET_CLOCK_START: START });
  for (const role of ['hygienist', 'assistant', 'front-desk'] as const) {
    takers.set(role, await professionalUser(server, { role, firstName: `Taker ${role}` }));
  }
}, SLOW);
afterAll(async () => {
  await server?.stop();
});

const now = () => server.services.clock.now();
const roleOf = (position: ShiftPosition) =>
  (Object.keys(shiftPositionByRole) as ProfessionalRole[]).find(
    (role) => shiftPositionByRole[role] === position,
  )!;

/** The `n`th date (from 0) of `dayType` starting two days from the market's today. */
function dateOfType(dayType: MarketDayType, n: number): string {
  let date = addDays(practiceDateOf(now()), 2);
  for (let seen = -1; ; date = addDays(date, 1)) {
    if (dayTypeOf(date) === dayType && ++seen === n) return date;
  }
}

/** Four two-hour slots a day, so one taker can fill several shifts of a day. */
const SLOTS = [
  ['07:00', '09:00'],
  ['09:30', '11:30'],
  ['12:00', '14:00'],
  ['14:30', '16:30'],
] as const;

interface Fill {
  rate: string;
  position?: ShiftPosition;
  dayType?: MarketDayType;
  /** Another location of the practice, at this ZIP. */
  zipCode?: string;
}

/** Posts an instant-book shift of `practice` and has the role's taker book it (filled now). */
async function filled(practice: { practiceId: string }, fill: Fill): Promise<void> {
  const position = fill.position ?? 'Hygienist';
  const dayType = fill.dayType ?? 'weekday';
  const key = `${position}|${dayType}`;
  const used = slotsUsed.get(key) ?? 0;
  slotsUsed.set(key, used + 1);
  const [startTime, endTime] = SLOTS[used % SLOTS.length]!;
  const locationId = fill.zipCode
    ? (
        await seedLocation(server.services, practice.practiceId, {
          name: `Office at ${fill.zipCode}`,
          address: '1 Main Street',
          zipCode: fill.zipCode,
        })
      ).id
    : undefined;
  const [shift] = await seedShifts(server.services, practice.practiceId, {
    position,
    dates: [dateOfType(dayType, Math.floor(used / SLOTS.length))],
    startTime,
    endTime,
    rate: fill.rate,
    bookingMode: 'instant',
    timePerPatient: position === 'Front Desk' ? null : 30,
    ...(locationId ? { locationId } : {}),
  });
  const taker = takers.get(roleOf(position))!;
  const booked = await taker.client.post(`/api/professional/shifts/${shift!.id}/book`);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
}

/** The preview of a shift at `asker`'s main location (Hackensack, 07601). */
async function preview(
  asker: PracticeUser,
  options: { position?: ShiftPosition; dayType?: MarketDayType } = {},
): Promise<ShiftPreviewDto> {
  const position = options.position ?? 'Hygienist';
  const locations = await asker.client.get('/api/practice/locations');
  const query = new URLSearchParams({
    position,
    date: dateOfType(options.dayType ?? 'weekday', 0),
    startTime: '08:00',
    endTime: '16:00',
    rate: '50.00',
    locationId: locations.body.locations[0].id,
  });
  const res = await asker.client.get<ShiftPreviewDto>(`/api/practice/shift-preview?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

let named = 0;
/** A practice that asks for previews (signed in). */
const practice = (name: string) => practiceUser(server, `${name} ${++named}`);
/** A practice whose shifts filled (not signed in: it only posts). */
const office = (name: string) =>
  seedPractice(server.services, { practiceName: `${name} ${++named}` });

describe('the market rate band', () => {
  it(
    'needs 5 shifts of 3 practices, then shows the quartiles in whole dollars; never the asker’s own',
    async () => {
      const [first, second, third] = [
        await practice('Bergen Smiles'),
        await office('Teaneck Dental'),
        await office('Paramus Family Dentistry'),
      ];
      await filled(first, { rate: '40.00' });
      await filled(first, { rate: '45.00' });
      await filled(second, { rate: '50.00' });
      await filled(third, { rate: '55.00' });
      // 4 shifts of 3 practices: no band, no figure.
      expect((await preview(await practice('Asker'))).band).toBeNull();

      await filled(second, { rate: '60.40' });
      const band = (await preview(await practice('Asker'))).band;
      expect(band).toEqual({
        p25Cents: 4500,
        p50Cents: 5000,
        p75Cents: 5500,
        shifts: 5,
        practices: 3,
        position: 'Hygienist',
        radiusMiles: 15,
        windowDays: 90,
        dayType: 'weekday',
      });

      // The first practice asking: its own two shifts do not count, and 3 shifts of 2 practices
      // are not enough.
      expect((await preview(first)).band).toBeNull();
    },
    SLOW,
  );

  it(
    'caps the rate "Why isn\'t this filling?" tries at the band\'s 75th percentile plus $10',
    async () => {
      // The hygienist weekday band above: $45–$55. Two hygienists nearby ask $60 and $70.
      const date = dateOfType('weekday', 0);
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const day = weekDays[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]!;
      for (const minimumRateCents of [6000, 7000]) {
        const pro = await seedProfessional(server.services, 'hygienist', { zipCode: '07601' });
        await server.services.db
          .update(professionals)
          .set({
            status: 'verified',
            homeZipCode: '07601',
            ...homeCoordinates('07601'),
            travelDistanceMiles: 25,
            minimumRateCents,
            availability: [{ day, startTime: '07:00', endTime: '18:00' }],
          })
          .where(eq(professionals.userId, pro.userId));
      }
      const asker = await practice('Asker');
      const [open] = await seedShifts(server.services, asker.practiceId, {
        dates: [date],
        startTime: '08:00',
        endTime: '16:00',
        rate: '40.00',
      });
      const whyNot = await asker.client.get(`/api/practice/shifts/${open!.id}/why-not`);
      expect(whyNot.status, JSON.stringify(whyNot.body)).toBe(200);
      // Up to $65.00: the one asking $60 (the position's highest rate would reach both).
      expect(whyNot.body.bestChange).toEqual({ kind: 'rate', rateCents: 6000, gain: 1 });
    },
    SLOW,
  );

  it(
    'rounds interpolated quartiles to whole dollars',
    async () => {
      const practices = [
        await office('North Dental'),
        await office('South Dental'),
        await office('West Dental'),
      ];
      // Weekend dental assistant shifts: $20.00, $21.00, $22.00, $23.60, $30.00, $31.00.
      const rates = ['20.00', '21.00', '22.00', '23.60', '30.00', '31.00'];
      for (const [index, rate] of rates.entries()) {
        await filled(practices[index % 3]!, {
          rate,
          position: 'Dental Assistant',
          dayType: 'weekend',
        });
      }
      const band = (
        await preview(await practice('Asker'), { position: 'Dental Assistant', dayType: 'weekend' })
      ).band;
      // p25 = 21.25, p50 = 22.80, p75 = 28.40 (linear between the sorted rates).
      expect(band).toMatchObject({ p25Cents: 2100, p50Cents: 2300, p75Cents: 2800, shifts: 6 });
    },
    SLOW,
  );

  it(
    'shows nothing for 5 shifts of 2 practices',
    async () => {
      const [first, second] = [await office('Fort Lee Dental'), await office('Englewood Dental')];
      for (const rate of ['20.00', '21.00', '22.00']) {
        await filled(first, { rate, position: 'Dental Assistant' });
      }
      for (const rate of ['23.00', '24.00']) {
        await filled(second, { rate, position: 'Dental Assistant' });
      }
      expect(
        (await preview(await practice('Asker'), { position: 'Dental Assistant' })).band,
      ).toBeNull();
    },
    SLOW,
  );

  it(
    'shows nothing while one practice holds more than half of the shifts',
    async () => {
      const [big, small, other] = [
        await office('Ridgewood Dental'),
        await office('Fair Lawn Dental'),
        await office('Wayne Dental'),
      ];
      for (const rate of ['18.00', '18.50', '19.00']) {
        await filled(big, { rate, position: 'Front Desk' });
      }
      await filled(small, { rate: '20.00', position: 'Front Desk' });
      await filled(other, { rate: '21.00', position: 'Front Desk' });
      // 3 of 5: one practice would set the middle.
      expect((await preview(await practice('Asker'), { position: 'Front Desk' })).band).toBeNull();

      await filled(small, { rate: '22.00', position: 'Front Desk' });
      await filled(other, { rate: '23.00', position: 'Front Desk' });
      // 3 of 7 is less than half.
      expect(
        (await preview(await practice('Asker'), { position: 'Front Desk' })).band,
      ).toMatchObject({ shifts: 7, practices: 3 });
    },
    SLOW,
  );

  it(
    'leaves out shifts 15.7 miles away, and the band goes once its bookings are 91 days old',
    async () => {
      const practices = [
        await office('Hoboken Dental'),
        await office('Newark Dental'),
        await office('Montclair Dental'),
      ];
      for (const [index, rate] of [
        '60.00',
        '62.00',
        '64.00',
        '66.00',
        '68.00',
        '70.00',
      ].entries()) {
        await filled(practices[index % 3]!, { rate, dayType: 'weekend' });
      }
      // Livingston (07039) is 15.7 miles from Hackensack: not counted.
      await filled(await office('Livingston Dental'), {
        rate: '99.00',
        dayType: 'weekend',
        zipCode: '07039',
      });
      const asker = await practice('Asker');
      expect((await preview(asker, { dayType: 'weekend' })).band).toMatchObject({
        shifts: 6,
        practices: 3,
        dayType: 'weekend',
      });

      const clock = server.services.clock;
      if (!isMovableClock(clock)) throw new Error('the test server runs a movable clock');
      // 89 days on (another New Jersey day: computed again), the bookings still count.
      clock.moveTo(new Date(now().getTime() + 89 * DAY));
      expect((await preview(asker, { dayType: 'weekend' })).band).toMatchObject({ shifts: 6 });
      clock.moveTo(new Date(now().getTime() + 2 * DAY));
      expect((await preview(asker, { dayType: 'weekend' })).band).toBeNull();
    },
    SLOW,
  );
});
