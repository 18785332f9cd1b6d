import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, genericErrors } from '../../src/shared/messages';
import { officeSectionFields } from '../../src/shared/practice/office';
import type { PracticeDto } from '../../src/shared/practice/practice-replies';
import { emailChangeMessages } from '../../src/shared/validation/email-change';
import { practices, shifts } from '../../src/server/db/schema';
import { seedShifts, practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { cancelShift } from '../../src/server/services/practice/cancel-shift';
import { signedInPractice, signedInProfessional } from '../support/practice-session';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const someId = randomUUID();
const everyEndpoint: Array<[method: 'get' | 'put' | 'post' | 'patch' | 'delete', path: string]> = [
  ['get', '/api/practice'],
  ['put', '/api/practice'],
  ['get', '/api/practice/dashboard'],
  ['get', '/api/practice/locations'],
  ['post', '/api/practice/locations'],
  ['put', `/api/practice/locations/${someId}`],
  ['post', `/api/practice/locations/${someId}/make-main`],
  ['delete', `/api/practice/locations/${someId}`],
  ['get', '/api/practice/shifts'],
  ['post', '/api/practice/shifts'],
  ['patch', `/api/practice/shifts/${someId}`],
  ['post', `/api/practice/shifts/${someId}/cancel`],
];

function officeInformation(overrides: Record<string, unknown> = {}) {
  return {
    practiceName: 'Bayside Family Dentistry',
    address: '77 Ocean Avenue',
    city: 'Long Branch',
    state: 'NJ',
    zipCode: '07740',
    phone: '(732) 555-0177',
    businessOwner: 'Dr. Alex Kim',
    pointOfContact: 'Jess Manager',
    mobileNumber: '732-555-0199',
    dentalSoftware: {
      Dentrix: true,
      Eaglesoft: false,
      OpenDental: true,
      'Dentrix Ascend': false,
      Curve: false,
      'Practice Web': false,
      other: 'Weave',
    },
    maxRates: { hygienist: '65.50', dentalAssistant: 32, frontDesk: '' },
    ...overrides,
  };
}

describe('practice portal access', () => {
  it.each(everyEndpoint)('%s %s answers 401 when signed out', async (method, path) => {
    const res = await server.client()[method](path, method === 'get' ? undefined : {});
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(genericErrors.unauthorized);
  });

  it('answers 403 to a professional on every endpoint and changes nothing', async () => {
    const pro = await signedInProfessional(server);
    const [before] = await server.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shifts);
    for (const [method, path] of everyEndpoint) {
      const res = await pro[method](path, method === 'get' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.message).toBe(genericErrors.forbidden);
    }
    const [after] = await server.services.db.select({ n: sql<number>`count(*)::int` }).from(shifts);
    expect(after!.n).toBe(before!.n);
  });

  it('answers an unknown path under /api/practice with 404', async () => {
    const { client } = await signedInPractice(server);
    const res = await client.get('/api/practice/nothing-here');
    expect(res.status).toBe(404);
  });
});

describe('GET and PUT /api/practice', () => {
  it('answers the practice record created at signup, rates empty', async () => {
    const { client, practiceId } = await signedInPractice(server, {
      practiceName: 'Cedar Dental',
      pointOfContact: 'Robin Front',
    });
    const res = await client.get<PracticeDto>('/api/practice');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      id: practiceId,
      practiceName: 'Cedar Dental',
      pointOfContact: 'Robin Front',
      businessOwner: '',
      mobileNumber: '',
      userType: 'practice',
      maxRates: { hygienist: null, dentalAssistant: null, frontDesk: null },
      dentalSoftware: {
        Dentrix: false,
        Eaglesoft: false,
        OpenDental: false,
        'Dentrix Ascend': false,
        Curve: false,
        'Practice Web': false,
        other: '',
      },
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
  });

  it('saves the whole record and stores maximum rates in cents (null when empty)', async () => {
    const { client, practiceId } = await signedInPractice(server);
    const res = await client.put<PracticeDto>('/api/practice', officeInformation());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: practiceId,
      practiceName: 'Bayside Family Dentistry',
      businessOwner: 'Dr. Alex Kim',
      mobileNumber: '732-555-0199',
      dentalSoftware: { Dentrix: true, OpenDental: true, Eaglesoft: false, other: 'Weave' },
      maxRates: { hygienist: 6550, dentalAssistant: 3200, frontDesk: null },
    });
    const [row] = await server.services.db
      .select()
      .from(practices)
      .where(eq(practices.id, practiceId));
    expect(row!.hygienistMaxRateCents).toBe(6550);
    expect(row!.dentalAssistantMaxRateCents).toBe(3200);
    expect(row!.frontDeskMaxRateCents).toBeNull();
    expect((await client.get('/api/practice')).body).toEqual(res.body);
  });

  it.each(Object.entries(officeSectionFields))(
    'saves the %s section alone and leaves every other field as it was',
    async (_section, keys) => {
      const { client } = await signedInPractice(server);
      const saved = await client.put<PracticeDto>('/api/practice', officeInformation());
      expect(saved.status).toBe(200);
      const before = saved.body;
      const full = officeInformation({
        practiceName: 'Renamed Dental',
        address: '9 New Road',
        city: 'Red Bank',
        state: 'New Jersey',
        zipCode: '07701',
        phone: '(732) 555-0100',
        businessOwner: 'Dr. Lee',
        pointOfContact: 'Pat',
        mobileNumber: '732-555-0111',
        dentalSoftware: { Curve: true, other: 'Dexis' },
        maxRates: { frontDesk: '25' },
      }) as Record<string, unknown>;
      const body = Object.fromEntries(keys.map((key) => [key, full[key]]));
      const res = await client.put<PracticeDto>('/api/practice', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const after = (await client.get<PracticeDto>('/api/practice')).body;
      for (const key of Object.keys(before) as Array<keyof PracticeDto>) {
        if ((keys as readonly string[]).includes(key)) continue;
        expect(after[key], key).toEqual(before[key]);
      }
      if (keys.includes('dentalSoftware' as never)) {
        // Named options change; the others keep their values.
        expect(after.dentalSoftware).toEqual({
          ...before.dentalSoftware,
          Curve: true,
          other: 'Dexis',
        });
        expect(after.maxRates).toEqual({ ...before.maxRates, frontDesk: 2500 });
      } else {
        expect(after.dentalSoftware).toEqual(before.dentalSoftware);
        for (const key of keys)
          expect(after[key as keyof PracticeDto], key).not.toEqual(
            before[key as keyof PracticeDto],
          );
      }
    },
  );

  it('accepts the record sent back whole, its e-mail unchanged', async () => {
    const { client, email } = await signedInPractice(server);
    const record = (await client.get<PracticeDto>('/api/practice')).body;
    const res = await client.put<PracticeDto>('/api/practice', {
      ...record,
      email: email.toUpperCase(),
      practiceName: 'Round Trip Dental',
      maxRates: { hygienist: '', dentalAssistant: '', frontDesk: '' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ practiceName: 'Round Trip Dental', email });
  });

  it('changes nothing, not even when it was saved, for a save that names nothing to change', async () => {
    const { client, practiceId, email } = await signedInPractice(server);
    const stored = async () =>
      (await server.services.db.select().from(practices).where(eq(practices.id, practiceId)))[0];
    const before = await stored();
    for (const body of [{}, { email }, { dentalSoftware: {} }]) {
      const res = await client.put<PracticeDto>('/api/practice', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.practiceName).toBe(before!.practiceName);
    }
    expect(await stored()).toEqual(before);
  });

  it('keeps optional fields a save does not carry (no blanking of businessOwner, mobileNumber, other)', async () => {
    const { client } = await signedInPractice(server);
    await client.put('/api/practice', officeInformation());
    const res = await client.put<PracticeDto>('/api/practice', { pointOfContact: 'Robin' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pointOfContact: 'Robin',
      businessOwner: 'Dr. Alex Kim',
      mobileNumber: '732-555-0199',
      dentalSoftware: { other: 'Weave' },
    });
  });

  it('refuses bad input with 400 and the field message, and changes nothing', async () => {
    const { client } = await signedInPractice(server);
    const before = (await client.get('/api/practice')).body;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ practiceName: '  ' }, 'practiceName', fieldMessages.required],
      [{ email: 'not-an-email' }, 'email', fieldMessages.invalidEmail],
      // One e-mail per account: a new one only through Change e-mail (a confirmed link).
      [{ email: 'someone.else@example.com' }, 'email', emailChangeMessages.changeByLink],
      [{ phone: '555-01' }, 'phone', fieldMessages.invalidPhone],
      [{ mobileNumber: '12' }, 'mobileNumber', fieldMessages.invalidPhone],
      [{ zipCode: '7740' }, 'zipCode', 'Please enter a valid 5-digit ZIP code'],
      [
        { maxRates: { hygienist: '-5', dentalAssistant: '', frontDesk: '' } },
        'maxRates.hygienist',
        'Please enter an amount of 0 or more with at most two decimals',
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await client.put('/api/practice', officeInformation(override));
      expect(res.status, field).toBe(400);
      expect(res.body.error.fields[field]).toBe(message);
    }
    const broken = await client.raw('PUT', '/api/practice', '{nope', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect((await client.get('/api/practice')).body).toEqual(before);
  });

  it('reaches only the signed-in practice: B saving changes B, never A', async () => {
    const a = await signedInPractice(server, { practiceName: 'A Dental' });
    const b = await signedInPractice(server, { practiceName: 'B Dental' });
    const aBefore = (await a.client.get('/api/practice')).body;
    const saved = await b.client.put(
      '/api/practice',
      officeInformation({ practiceName: 'B Renamed' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.id).toBe(b.practiceId);
    expect((await b.client.get('/api/practice')).body.practiceName).toBe('B Renamed');
    expect((await a.client.get('/api/practice')).body).toEqual(aBefore);
  });
});

describe('GET /api/practice/dashboard', () => {
  it('counts nothing for a new practice', async () => {
    const { client } = await signedInPractice(server);
    const res = await client.get('/api/practice/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      activeRequests: 0,
      upcomingShifts: 0,
      professionalsWorkedWith: 0,
      averageResponseMinutes: null,
      averageRating: null,
      fill: {
        windowDays: 90,
        ended: 0,
        filled: 0,
        fillRate: null,
        medianMinutesToFill: null,
        unfilledShifts: [],
      },
    });
  });

  it('counts open future shifts as active requests (an unfilled started one is expired) and future, not cancelled shifts as upcoming', async () => {
    const a = await signedInPractice(server);
    const b = await signedInPractice(server);
    const ctx = server.services;
    // Three open future shifts, one of them cancelled, one filled.
    const future = await seedShifts(ctx, a.practiceId, {
      dates: [1, 2, 3].map((d) => practiceDateFromToday(d)),
    });
    await cancelShift(ctx, a.practiceId, future[0]!.id);
    await ctx.db.update(shifts).set({ status: 'filled' }).where(eq(shifts.id, future[1]!.id));
    // An open shift that has already started unfilled is Expired: neither active nor upcoming
    // (posted with the clock set back five days, as it would have been).
    const fiveDaysAgo = new Date(Date.now() - 5 * 24 * 60 * 60 * 1000);
    await seedShifts(
      ctx,
      a.practiceId,
      { dates: [practiceDateFromToday(2, fiveDaysAgo)] },
      fiveDaysAgo,
    );
    // Another practice's shifts never count.
    await seedShifts(ctx, b.practiceId, { dates: [practiceDateFromToday(1)] });

    const res = await a.client.get('/api/practice/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      activeRequests: 1, // future[2]; the started one is expired
      upcomingShifts: 2, // future[1] (filled) and future[2]
      professionalsWorkedWith: 0,
      averageResponseMinutes: null,
      averageRating: null,
      // The started one is the only shift of the fill figures: nobody took it.
      fill: expect.objectContaining({
        ended: 1,
        filled: 0,
        fillRate: 0,
        unfilledShifts: [expect.objectContaining({ mainReason: 'nobody_took_it' })],
      }),
    });
    expect((await b.client.get('/api/practice/dashboard')).body).toMatchObject({
      activeRequests: 1,
      upcomingShifts: 1,
    });
  });
});
