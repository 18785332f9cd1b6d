import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, genericErrors } from '../../src/shared/messages';
import { locationMessages } from '../../src/shared/practice/locations';
import type { LocationDto } from '../../src/shared/practice/practice-replies';
import { findConstraintViolation } from '../../src/server/db/constraint-violation';
import { locations } from '../../src/server/db/schema';
import { seedLocation } from '../../src/server/db/seed/seed-accounts';
import { seedShifts } from '../../src/server/db/seed/seed-shifts';
import { signedInPractice } from '../support/practice-session';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function locationBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Harbor Dental – Red Bank',
    address: '5 Broad Street',
    city: 'Red Bank',
    state: 'NJ',
    zipCode: '07701',
    phone: '732-555-0150',
    email: 'RedBank@example.com',
    pointOfContact: 'Casey Lead',
    dentalSoftware: 'Eaglesoft',
    operatoryCount: '6',
    ...overrides,
  };
}

async function locationRows(practiceId: string) {
  return server.services.db
    .select()
    .from(locations)
    .where(eq(locations.practiceId, practiceId))
    .orderBy(locations.id);
}

async function mainCount(practiceId: string): Promise<number> {
  const rows = await locationRows(practiceId);
  return rows.filter((row) => row.isMainLocation).length;
}

describe('GET and POST /api/practice/locations', () => {
  it('lists the main location created at signup, then the others by name', async () => {
    const p = await signedInPractice(server, { practiceName: 'Willow Dental' });
    await seedLocation(server.services, p.practiceId, { name: 'Zeta Office', address: '9 Z St' });
    await seedLocation(server.services, p.practiceId, { name: 'alpha Office', address: '1 A St' });
    await seedLocation(server.services, p.practiceId, { name: 'Beta Office', address: '2 B St' });
    const res = await p.client.get<{ locations: LocationDto[] }>('/api/practice/locations');
    expect(res.status).toBe(200);
    expect(res.body.locations.map((l) => [l.name, l.isMainLocation])).toEqual([
      ['Willow Dental', true],
      ['alpha Office', false],
      ['Beta Office', false],
      ['Zeta Office', false],
    ]);
    expect(Object.keys(res.body.locations[0]!).sort()).toEqual(
      [
        'id',
        'name',
        'address',
        'city',
        'state',
        'zipCode',
        'phone',
        'email',
        'pointOfContact',
        'dentalSoftware',
        'operatoryCount',
        'isMainLocation',
      ].sort(),
    );
  });

  it('adds a location (201), never as the main one', async () => {
    const p = await signedInPractice(server);
    const res = await p.client.post<LocationDto>(
      '/api/practice/locations',
      locationBody({ isMainLocation: true }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Harbor Dental – Red Bank',
      address: '5 Broad Street',
      city: 'Red Bank',
      state: 'NJ',
      zipCode: '07701',
      phone: '732-555-0150',
      email: 'redbank@example.com',
      pointOfContact: 'Casey Lead',
      dentalSoftware: 'Eaglesoft',
      operatoryCount: 6,
      isMainLocation: false,
    });
    const list = (await p.client.get('/api/practice/locations')).body.locations as LocationDto[];
    expect(list).toHaveLength(2);
    expect(list[1]).toEqual(res.body);
    expect(await mainCount(p.practiceId)).toBe(1);
  });

  it('refuses an invalid location with the form messages and adds nothing', async () => {
    const p = await signedInPractice(server);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', fieldMessages.required],
      [{ address: ' ' }, 'address', fieldMessages.required],
      [{ phone: '' }, 'phone', fieldMessages.required],
      [{ phone: '12345' }, 'phone', fieldMessages.invalidPhone],
      [{ email: '' }, 'email', fieldMessages.required],
      [{ email: 'nope' }, 'email', fieldMessages.invalidEmail],
      [{ pointOfContact: '' }, 'pointOfContact', fieldMessages.required],
      [{ operatoryCount: 0 }, 'operatoryCount', locationMessages.operatoryMin],
      [{ operatoryCount: '2.5' }, 'operatoryCount', locationMessages.operatoryMin],
    ];
    for (const [override, field, message] of cases) {
      const res = await p.client.post('/api/practice/locations', locationBody(override));
      expect(res.status, field).toBe(400);
      expect(res.body.error.fields[field], field).toBe(message);
    }
    expect(await locationRows(p.practiceId)).toHaveLength(1);
  });
});

describe('PUT /api/practice/locations/:id', () => {
  it('saves the edited location and keeps whether it is main', async () => {
    const p = await signedInPractice(server);
    const [main] = (await p.client.get('/api/practice/locations')).body.locations;
    const res = await p.client.put(
      `/api/practice/locations/${main.id}`,
      locationBody({ name: 'Renamed Main', operatoryCount: 3 }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: main.id,
      name: 'Renamed Main',
      operatoryCount: 3,
      isMainLocation: true,
    });
    const [row] = await locationRows(p.practiceId);
    expect(row!.name).toBe('Renamed Main');
  });

  it('changes only the fields a save carries: optional city, state and software are kept', async () => {
    const p = await signedInPractice(server);
    const added = await p.client.post<LocationDto>('/api/practice/locations', locationBody());
    expect(added.status).toBe(201);
    const res = await p.client.put<LocationDto>(`/api/practice/locations/${added.body.id}`, {
      pointOfContact: 'Jordan Lead',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...added.body, pointOfContact: 'Jordan Lead' });
    const [row] = (await locationRows(p.practiceId)).filter((r) => r.id === added.body.id);
    expect(row).toMatchObject({ city: 'Red Bank', state: 'NJ', dentalSoftware: 'Eaglesoft' });
  });

  it('changes nothing, not even when it was saved, for a save that names no field; 404 for another practice', async () => {
    const p = await signedInPractice(server);
    const other = await signedInPractice(server);
    const added = await p.client.post<LocationDto>('/api/practice/locations', locationBody());
    const before = await locationRows(p.practiceId);
    const res = await p.client.put<LocationDto>(`/api/practice/locations/${added.body.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(added.body);
    const foreign = await other.client.put(`/api/practice/locations/${added.body.id}`, {});
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(locationMessages.notFound);
    expect(await locationRows(p.practiceId)).toEqual(before);
  });

  it('answers 400 for bad fields and 404 for an unknown or malformed id', async () => {
    const p = await signedInPractice(server);
    const [main] = (await p.client.get('/api/practice/locations')).body.locations;
    const bad = await p.client.put(
      `/api/practice/locations/${main.id}`,
      locationBody({ name: '' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.name).toBe(fieldMessages.required);
    const unknown = await p.client.put(`/api/practice/locations/${randomUUID()}`, locationBody());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(locationMessages.notFound);
    for (const id of ['not-a-uuid', '123', `${main.id}x`]) {
      const malformed = await p.client.put(`/api/practice/locations/${id}`, locationBody());
      expect(malformed.status, id).toBe(404);
    }
    expect((await p.client.get('/api/practice/locations')).body.locations[0]).toEqual(main);
  });
});

describe('POST /api/practice/locations/:id/make-main', () => {
  it('moves the main flag in one step and answers the list, exactly one main', async () => {
    const p = await signedInPractice(server, { practiceName: 'Main Street Dental' });
    const added = (await p.client.post('/api/practice/locations', locationBody())).body;
    const res = await p.client.post(`/api/practice/locations/${added.id}/make-main`);
    expect(res.status).toBe(200);
    expect(res.body.locations.map((l: LocationDto) => [l.name, l.isMainLocation])).toEqual([
      ['Harbor Dental – Red Bank', true],
      ['Main Street Dental', false],
    ]);
    expect(await mainCount(p.practiceId)).toBe(1);
    // Making the main location main again changes nothing.
    const again = await p.client.post(`/api/practice/locations/${added.id}/make-main`);
    expect(again.status).toBe(200);
    expect(again.body.locations).toEqual(res.body.locations);
    expect(await mainCount(p.practiceId)).toBe(1);
  });

  it('answers 404 for an unknown or malformed id and changes nothing', async () => {
    const p = await signedInPractice(server);
    const before = await locationRows(p.practiceId);
    expect((await p.client.post(`/api/practice/locations/${randomUUID()}/make-main`)).status).toBe(
      404,
    );
    expect((await p.client.post('/api/practice/locations/xyz/make-main')).status).toBe(404);
    expect(await locationRows(p.practiceId)).toEqual(before);
  });

  it('keeps exactly one main location under concurrent changes, never answering 500', async () => {
    const p = await signedInPractice(server);
    const ids = [(await locationRows(p.practiceId))[0]!.id];
    for (let i = 0; i < 3; i += 1) {
      ids.push(
        (await p.client.post('/api/practice/locations', locationBody({ name: `L${i}` }))).body.id,
      );
    }
    const requests = [];
    for (let round = 0; round < 4; round += 1) {
      for (const id of ids) requests.push(p.client.post(`/api/practice/locations/${id}/make-main`));
      requests.push(p.client.delete(`/api/practice/locations/${ids[round % ids.length]}`));
    }
    const answers = await Promise.all(requests);
    for (const answer of answers) expect([200, 204, 404, 409]).toContain(answer.status);
    expect(await mainCount(p.practiceId)).toBe(1);
  });
});

describe('DELETE /api/practice/locations/:id', () => {
  it('deletes another location (204) and refuses the main one (409)', async () => {
    const p = await signedInPractice(server);
    const added = (await p.client.post('/api/practice/locations', locationBody())).body;
    const [main] = (await p.client.get('/api/practice/locations')).body.locations;

    const refused = await p.client.delete(`/api/practice/locations/${main.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Cannot delete the main location');

    const deleted = await p.client.delete(`/api/practice/locations/${added.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    const rows = await locationRows(p.practiceId);
    expect(rows.map((r) => r.id)).toEqual([main.id]);

    expect((await p.client.delete(`/api/practice/locations/${added.id}`)).status).toBe(404);
    expect((await p.client.delete('/api/practice/locations/nope')).status).toBe(404);
  });

  it('keeps the shifts posted at a deleted location, with its name and address', async () => {
    const p = await signedInPractice(server);
    const added = (await p.client.post('/api/practice/locations', locationBody())).body;
    const [shift] = await seedShifts(server.services, p.practiceId, { locationId: added.id });
    expect((await p.client.delete(`/api/practice/locations/${added.id}`)).status).toBe(204);
    const listed = (await p.client.get('/api/practice/shifts')).body.shifts;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: shift!.id,
      location: { id: null, name: 'Harbor Dental – Red Bank', address: '5 Broad Street' },
    });
  });
});

describe('the database keeps exactly one main location per practice', () => {
  async function failure(run: () => Promise<unknown>): Promise<unknown> {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('expected the statement to fail');
  }

  it('refuses leaving a practice with no main location', async () => {
    const p = await signedInPractice(server);
    const [main] = await locationRows(p.practiceId);
    const error = await failure(() =>
      server.services.db
        .update(locations)
        .set({ isMainLocation: false })
        .where(eq(locations.id, main!.id)),
    );
    expect(findConstraintViolation(error)).toEqual({
      code: '23514',
      constraint: 'locations_exactly_one_main',
    });
    const deleteError = await failure(() =>
      server.services.db.delete(locations).where(eq(locations.id, main!.id)),
    );
    expect(findConstraintViolation(deleteError)?.code).toBe('23514');
    expect(await mainCount(p.practiceId)).toBe(1);
  });

  it('refuses a second main location', async () => {
    const p = await signedInPractice(server);
    const other = await seedLocation(server.services, p.practiceId, {
      name: 'Second',
      address: '2 Second St',
    });
    const error = await failure(() =>
      server.services.db
        .update(locations)
        .set({ isMainLocation: true })
        .where(eq(locations.id, other.id)),
    );
    expect(findConstraintViolation(error)).toEqual({
      code: '23505',
      constraint: 'locations_one_main_per_practice',
    });
    const insertError = await failure(() =>
      seedLocation(server.services, p.practiceId, {
        name: 'Third',
        address: '3 Third St',
        isMainLocation: true,
      }),
    );
    expect(findConstraintViolation(insertError)?.code).toBe('23505');
    expect(await mainCount(p.practiceId)).toBe(1);
  });

  it('accepts moving the flag inside one transaction, as make-main does', async () => {
    const p = await signedInPractice(server);
    const other = await seedLocation(server.services, p.practiceId, {
      name: 'Next Main',
      address: '4 Fourth St',
    });
    await server.services.db.transaction(async (tx) => {
      await tx
        .update(locations)
        .set({ isMainLocation: false })
        .where(and(eq(locations.practiceId, p.practiceId), eq(locations.isMainLocation, true)));
      await tx.update(locations).set({ isMainLocation: true }).where(eq(locations.id, other.id));
    });
    const mains = (await locationRows(p.practiceId)).filter((r) => r.isMainLocation);
    expect(mains.map((r) => r.id)).toEqual([other.id]);
  });
});

describe('a practice reaches only its own locations', () => {
  it('B cannot list, edit, make main or delete A’s locations: 404 and nothing changes', async () => {
    const a = await signedInPractice(server, { practiceName: 'Alpha Practice' });
    const b = await signedInPractice(server, { practiceName: 'Bravo Practice' });
    const aExtra = (await a.client.post('/api/practice/locations', locationBody())).body;
    const aMain = (await locationRows(a.practiceId)).find((r) => r.isMainLocation)!;
    const aBefore = await locationRows(a.practiceId);
    const bBefore = await locationRows(b.practiceId);

    const bList = (await b.client.get('/api/practice/locations')).body.locations;
    expect(bList.map((l: LocationDto) => l.name)).toEqual(['Bravo Practice']);

    for (const id of [aExtra.id, aMain.id]) {
      const edit = await b.client.put(
        `/api/practice/locations/${id}`,
        locationBody({ name: 'Hijacked' }),
      );
      expect(edit.status).toBe(404);
      expect(edit.body.error.message).toBe(locationMessages.notFound);
      expect((await b.client.post(`/api/practice/locations/${id}/make-main`)).status).toBe(404);
      expect((await b.client.delete(`/api/practice/locations/${id}`)).status).toBe(404);
    }
    expect(await locationRows(a.practiceId)).toEqual(aBefore);
    expect(await locationRows(b.practiceId)).toEqual(bBefore);
  });
});

describe('text no column can store', () => {
  it('refuses a NUL character anywhere in a body with 400 and stores nothing', async () => {
    const p = await signedInPractice(server);
    const [main] = (await p.client.get('/api/practice/locations')).body.locations;
    for (const body of [
      locationBody({ name: 'Harbor\u0000Dental' }),
      locationBody({ $where: 'a\u0000b' }),
      { ...locationBody(), 'na\u0000me': 'x' },
    ]) {
      const created = await p.client.post('/api/practice/locations', body);
      expect(created.status, JSON.stringify(body)).toBe(400);
      expect(created.body.error.message).toBe(genericErrors.badRequest);
    }
    const edited = await p.client.put(
      `/api/practice/locations/${main.id}`,
      locationBody({ city: 'Red\u0000Bank' }),
    );
    expect(edited.status).toBe(400);
    expect(await locationRows(p.practiceId)).toHaveLength(1);
    expect((await p.client.get('/api/practice/locations')).body.locations[0].city).toBe(main.city);
  });
});
