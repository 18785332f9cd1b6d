import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professionalRoles, type ProfessionalRole } from '../../src/shared/accounts';
import { fieldMessages, genericErrors } from '../../src/shared/messages';
import { flagGroupNames } from '../../src/shared/professional/flag-groups';
import { professionalMessages } from '../../src/shared/professional/messages';
import { emailChangeMessages } from '../../src/shared/validation/email-change';
import { roleDescriptions } from '../../src/shared/professional/roles';
import { professionals } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';
import { signedInPractice, signedInProfessional } from '../support/professional-session';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function row(userId: string) {
  const [found] = await server.services.db
    .select()
    .from(professionals)
    .where(eq(professionals.userId, userId));
  return found;
}

describe('GET /api/professional/profile (first portal load)', () => {
  it.each(professionalRoles)(
    'creates a missing %s profile with defaults: e-mail from the account, position by role',
    async (role) => {
      const pro = await signedInProfessional(server, role);
      await server.services.db.delete(professionals).where(eq(professionals.userId, pro.userId));
      expect(await row(pro.userId)).toBeUndefined();

      const res = await pro.client.get('/api/professional/profile');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const description = roleDescriptions[role];
      expect(res.body).toMatchObject({
        role,
        position: description.position,
        status: 'pending',
        email: pro.email,
        firstName: '',
        lastName: '',
        phone: '',
        licenseNumber: null,
        licenseType: null,
        yearsOfExperience: 0,
        employmentStatus: null,
        availability: [],
        preferredLocations: [],
        homeAddress: '',
        homeZipCode: '',
        travelDistance: null,
        minimumRateCents: null,
        photo: null,
        resume: null,
      });
      // Exactly the role's flag groups, every option false and `other` empty where it exists.
      const groups = flagGroupNames.filter((name) => name in res.body);
      expect(groups).toEqual(description.flagGroups.map((group) => group.name));
      for (const group of description.flagGroups) {
        const expected: Record<string, unknown> = {};
        for (const option of group.options) expected[option.key] = false;
        if (group.hasOther) expected.other = '';
        expect(res.body[group.name]).toEqual(expected);
      }
      const created = await row(pro.userId);
      expect(created).toMatchObject({ role, position: description.position, email: pro.email });

      // A second load finds it: still one record, same creation time.
      const again = await pro.client.get('/api/professional/profile');
      expect(again.body.createdAt).toBe(res.body.createdAt);
      const rows = await server.services.db
        .select()
        .from(professionals)
        .where(eq(professionals.userId, pro.userId));
      expect(rows).toHaveLength(1);
    },
  );

  it('merges an existing record over the defaults (signup values kept, new keys filled in)', async () => {
    const pro = await signedInProfessional(server, 'assistant', {
      firstName: 'Avery',
      lastName: 'Lopez',
      licenseNumber: 'NJ-777',
      licenseType: 'EFDA',
      employmentStatus: 'seeking',
      yearsOfExperience: '9',
    });
    // A record saved with only some flags, plus a key no role offers and a stray 'DentrixAscend'.
    await server.services.db
      .update(professionals)
      .set({
        certifications: { coronal: true },
        software: { 'Dentrix Ascend': true, DentrixAscend: true },
      })
      .where(eq(professionals.userId, pro.userId));
    const res = await pro.client.get('/api/professional/profile');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Avery',
      lastName: 'Lopez',
      licenseNumber: 'NJ-777',
      licenseType: 'EFDA',
      employmentStatus: 'seeking',
      yearsOfExperience: 9,
      position: 'Assistant',
      homeZipCode: '08901',
    });
    expect(res.body.certifications).toEqual({
      N2O: false,
      localAnesthesia: false,
      xray: false,
      coronal: true,
      sealants: false,
      other: '',
    });
    expect(res.body.software['Dentrix Ascend']).toBe(true);
    expect(res.body.software['Practice Web']).toBe(false);
    expect(res.body.software).not.toHaveProperty('DentrixAscend');
  });

  it('gives front desk no license, no certifications, scanning or CBCT, and no specialty other', async () => {
    const pro = await signedInProfessional(server, 'front-desk');
    const res = await pro.client.get('/api/professional/profile');
    expect(res.body.licenseNumber).toBeNull();
    expect(res.body).not.toHaveProperty('certifications');
    expect(res.body).not.toHaveProperty('scanning');
    expect(res.body).not.toHaveProperty('cbct');
    expect(res.body.skills).toEqual({
      insuranceKnowledge: false,
      billingClaims: false,
      treatmentPlanning: false,
      scheduling: false,
      other: '',
    });
    expect(res.body.specialty).not.toHaveProperty('other');
    expect(res.body.software).toHaveProperty('Practice Web', false);
  });

  it('offers the hygienist certifications N2O, local anesthesia, X-ray and sealants (no coronal), no Practice Web', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const res = await pro.client.get('/api/professional/profile');
    expect(Object.keys(res.body.certifications)).toEqual([
      'N2O',
      'localAnesthesia',
      'xray',
      'sealants',
      'other',
    ]);
    expect(res.body.software).not.toHaveProperty('Practice Web');
  });
});

describe('PUT /api/professional/profile (card saves)', () => {
  it('saves one card and keeps everything else (merge)', async () => {
    const pro = await signedInProfessional(server, 'hygienist', { firstName: 'Morgan' });
    const before = (await pro.client.get('/api/professional/profile')).body;
    const res = await pro.client.put('/api/professional/profile', {
      minimumRate: '45.5',
      employmentStatus: 'temp',
    });
    expect(res.status).toBe(200);
    expect(res.body.minimumRateCents).toBe(4550);
    expect(res.body.employmentStatus).toBe('temp');
    expect(res.body.firstName).toBe('Morgan');
    expect(res.body.licenseNumber).toBe(before.licenseNumber);
    const stored = await row(pro.userId);
    expect(stored!.minimumRateCents).toBe(4550);
  });

  it('saves every card of each role and reads them back', async () => {
    for (const role of professionalRoles) {
      const pro = await signedInProfessional(server, role);
      const description = roleDescriptions[role];
      const flags: Record<string, Record<string, boolean | string>> = {};
      for (const group of description.flagGroups) {
        flags[group.name] = { [group.options[0]!.key]: true };
        if (group.hasOther) flags[group.name]!.other = `${group.name} other`;
      }
      const body = {
        firstName: 'Sam',
        lastName: 'Ortiz',
        phone: '(973) 555-0100',
        yearsOfExperience: '12',
        employmentStatus: 'employed',
        minimumRate: 52.25,
        preferredLocations: ['Newark', 'Jersey City', 'Newark'],
        homeAddress: '5 Pine Street, Newark, NJ',
        homeZipCode: '07102',
        travelDistance: '25',
        availability: [
          { day: 'Wednesday', startTime: '08:00', endTime: '16:00' },
          { day: 'Monday', startTime: '09:00', endTime: '17:00' },
        ],
        ...(description.hasLicenseNumber ? { licenseNumber: 'NJ-9999' } : {}),
        ...(description.hasLicenseType ? { licenseType: 'RDA' } : {}),
        ...flags,
      };
      const res = await pro.client.put('/api/professional/profile', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const reread = (await pro.client.get('/api/professional/profile')).body;
      expect(reread).toMatchObject({
        firstName: 'Sam',
        lastName: 'Ortiz',
        email: pro.email,
        yearsOfExperience: 12,
        employmentStatus: 'employed',
        minimumRateCents: 5225,
        preferredLocations: ['Newark', 'Jersey City'],
        homeAddress: '5 Pine Street, Newark, NJ',
        homeZipCode: '07102',
        travelDistance: 25,
        // kept in week order
        availability: [
          { day: 'Monday', startTime: '09:00', endTime: '17:00' },
          { day: 'Wednesday', startTime: '08:00', endTime: '16:00' },
        ],
      });
      if (description.hasLicenseNumber) expect(reread.licenseNumber).toBe('NJ-9999');
      if (description.hasLicenseType) expect(reread.licenseType).toBe('RDA');
      for (const group of description.flagGroups) {
        expect(reread[group.name][group.options[0]!.key]).toBe(true);
        expect(reread[group.name][group.options[1]!.key]).toBe(false);
        if (group.hasOther) expect(reread[group.name].other).toBe(`${group.name} other`);
      }
    }
  });

  /**
   * Every card of every portal: [card, the request fields it sends, the profile fields it shows].
   * The request values are a second set (`cardValues(role, 2)`) over a profile filled with the first.
   */
  function cards(role: ProfessionalRole): Array<[string, string[], string[]]> {
    const description = roleDescriptions[role];
    const license = [
      ...(description.hasLicenseNumber ? ['licenseNumber'] : []),
      ...(description.hasLicenseType ? ['licenseType'] : []),
    ];
    const groups = description.flagGroups.map((group) => group.name);
    return [
      [
        'Personal Information',
        ['firstName', 'lastName', 'phone', ...license],
        ['firstName', 'lastName', 'phone', ...license],
      ],
      ['Skills & Experience', ['yearsOfExperience', ...groups], ['yearsOfExperience', ...groups]],
      ['Employment Status', ['employmentStatus'], ['employmentStatus']],
      ['Rate Preference', ['minimumRate'], ['minimumRateCents']],
      ['Weekly Availability', ['availability'], ['availability']],
      [
        'Location',
        ['preferredLocations', 'homeAddress', 'homeZipCode', 'travelDistance'],
        ['preferredLocations', 'homeAddress', 'homeZipCode', 'travelDistance'],
      ],
    ];
  }

  function cardValues(role: ProfessionalRole, n: 1 | 2): Record<string, unknown> {
    const description = roleDescriptions[role];
    const values: Record<string, unknown> = {
      firstName: `First${n}`,
      lastName: `Last${n}`,
      phone: `(973) 555-010${n}`,
      licenseNumber: `NJ-${n}${n}${n}`,
      licenseType: n === 1 ? 'CDA' : 'EFDA',
      yearsOfExperience: 10 + n,
      employmentStatus: n === 1 ? 'temp' : 'seeking',
      minimumRate: 40 + n,
      availability: [{ day: n === 1 ? 'Monday' : 'Friday', startTime: '09:00', endTime: '17:00' }],
      preferredLocations: [`Town ${n}`],
      homeAddress: `${n} Pine Street, Newark, NJ`,
      homeZipCode: n === 1 ? '07102' : '07030',
      travelDistance: 10 * n,
    };
    for (const group of description.flagGroups) {
      values[group.name] = {
        [group.options[0]!.key]: n === 2,
        [group.options[1]!.key]: n === 1,
        ...(group.hasOther ? { other: `${group.name} ${n}` } : {}),
      };
    }
    if (!description.hasLicenseNumber) delete values.licenseNumber;
    if (!description.hasLicenseType) delete values.licenseType;
    return values;
  }

  for (const role of professionalRoles) {
    it.each(cards(role))(
      `${role}: saving %s changes only that card's fields`,
      async (_card, sent, shown) => {
        const pro = await signedInProfessional(server, role);
        const filled = await pro.client.put('/api/professional/profile', cardValues(role, 1));
        expect(filled.status, JSON.stringify(filled.body)).toBe(200);
        const before = filled.body as Record<string, unknown>;
        const second = cardValues(role, 2);
        const body = Object.fromEntries(sent.map((key) => [key, second[key]]));
        const res = await pro.client.put('/api/professional/profile', body);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const after = (await pro.client.get('/api/professional/profile')).body as Record<
          string,
          unknown
        >;
        expect(after).toEqual(res.body);
        for (const key of Object.keys(before)) {
          if (key === 'updatedAt') continue;
          if (shown.includes(key)) expect(after[key], key).not.toEqual(before[key]);
          else expect(after[key], key).toEqual(before[key]);
        }
      },
    );
  }

  it('keeps Home Address when Employment Status, Rate Preference or Weekly Availability are saved', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    await pro.client.put('/api/professional/profile', { homeAddress: '12 Elm Street, Newark, NJ' });
    for (const body of [
      { employmentStatus: 'temp' },
      { minimumRate: '45' },
      { availability: [{ day: 'Monday', startTime: '09:00', endTime: '17:00' }] },
      { software: { Dentrix: true } },
    ]) {
      const res = await pro.client.put('/api/professional/profile', body);
      expect(res.status).toBe(200);
      expect(res.body.homeAddress, JSON.stringify(body)).toBe('12 Elm Street, Newark, NJ');
    }
    expect((await row(pro.userId))!.homeAddress).toBe('12 Elm Street, Newark, NJ');
  });

  it("keeps a flag group's other text when a save names only its options", async () => {
    const pro = await signedInProfessional(server, 'front-desk');
    await pro.client.put('/api/professional/profile', { skills: { other: 'Payroll' } });
    const res = await pro.client.put('/api/professional/profile', { skills: { scheduling: true } });
    expect(res.body.skills).toMatchObject({ scheduling: true, other: 'Payroll' });
  });

  it('merges a flag group key by key and accepts the "Dentrix Ascend" key', async () => {
    const pro = await signedInProfessional(server, 'front-desk');
    await pro.client.put('/api/professional/profile', { software: { Dentrix: true } });
    const res = await pro.client.put('/api/professional/profile', {
      software: { 'Dentrix Ascend': true, 'Practice Web': true, other: 'Open Dental Cloud' },
    });
    expect(res.status).toBe(200);
    expect(res.body.software).toMatchObject({
      Dentrix: true,
      'Dentrix Ascend': true,
      'Practice Web': true,
      other: 'Open Dental Cloud',
    });
  });

  it('clears optional values with empty input', async () => {
    const pro = await signedInProfessional(server, 'assistant');
    await pro.client.put('/api/professional/profile', { minimumRate: '30', travelDistance: 10 });
    const res = await pro.client.put('/api/professional/profile', {
      minimumRate: '',
      travelDistance: '',
      employmentStatus: '',
      licenseType: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      minimumRateCents: null,
      travelDistance: null,
      employmentStatus: null,
      licenseType: null,
    });
  });

  const invalid: Array<[string, ProfessionalRole, Record<string, unknown>, string, string]> = [
    [
      'negative minimum rate',
      'hygienist',
      { minimumRate: '-1' },
      'minimumRate',
      'Please enter an amount of 0 or more with at most two decimals',
    ],
    [
      'a rate with three decimals',
      'hygienist',
      { minimumRate: '10.123' },
      'minimumRate',
      'Please enter an amount of 0 or more with at most two decimals',
    ],
    [
      'a rate above $1,000',
      'assistant',
      { minimumRate: 1000.01 },
      'minimumRate',
      'Please enter an hourly amount of at most $1,000',
    ],
    [
      'negative travel distance',
      'assistant',
      { travelDistance: -5 },
      'travelDistance',
      professionalMessages.travelDistanceInvalid,
    ],
    [
      'travel distance above 500',
      'front-desk',
      { travelDistance: 501 },
      'travelDistance',
      professionalMessages.travelDistanceInvalid,
    ],
    [
      'fractional travel distance',
      'hygienist',
      { travelDistance: '2.5' },
      'travelDistance',
      professionalMessages.travelDistanceInvalid,
    ],
    [
      'years of experience above 60',
      'hygienist',
      { yearsOfExperience: 61 },
      'yearsOfExperience',
      professionalMessages.yearsOfExperienceInvalid,
    ],
    [
      'negative years of experience',
      'front-desk',
      { yearsOfExperience: '-1' },
      'yearsOfExperience',
      professionalMessages.yearsOfExperienceInvalid,
    ],
    [
      'an end time before the start',
      'hygienist',
      { availability: [{ day: 'Monday', startTime: '17:00', endTime: '09:00' }] },
      'availability.0.endTime',
      'End time must be after start time',
    ],
    [
      'an end time equal to the start',
      'front-desk',
      { availability: [{ day: 'Friday', startTime: '09:00', endTime: '09:00' }] },
      'availability.0.endTime',
      'End time must be after start time',
    ],
    [
      'a time not on the hour',
      'assistant',
      { availability: [{ day: 'Monday', startTime: '09:30', endTime: '17:00' }] },
      'availability.0.startTime',
      professionalMessages.hourOnly,
    ],
    [
      'a time past 23:00',
      'assistant',
      { availability: [{ day: 'Monday', startTime: '09:00', endTime: '24:00' }] },
      'availability.0.endTime',
      professionalMessages.hourOnly,
    ],
    [
      'an unknown day',
      'hygienist',
      { availability: [{ day: 'Funday', startTime: '09:00', endTime: '17:00' }] },
      'availability.0.day',
      professionalMessages.dayInvalid,
    ],
    [
      'the same day twice',
      'hygienist',
      {
        availability: [
          { day: 'Monday', startTime: '09:00', endTime: '12:00' },
          { day: 'Monday', startTime: '13:00', endTime: '17:00' },
        ],
      },
      'availability.1.day',
      professionalMessages.dayRepeated,
    ],
    [
      'an unknown flag key',
      'hygienist',
      { certifications: { N2O: true, laserCert: true } },
      'certifications',
      'Unknown option: laserCert',
    ],
    [
      'the DentrixAscend spelling',
      'hygienist',
      { software: { DentrixAscend: true } },
      'software',
      'Unknown option: DentrixAscend',
    ],
    [
      'coronal polishing for a hygienist',
      'hygienist',
      { certifications: { coronal: true } },
      'certifications',
      'Unknown option: coronal',
    ],
    [
      'Practice Web for a hygienist',
      'hygienist',
      { software: { 'Practice Web': true } },
      'software',
      'Unknown option: Practice Web',
    ],
    [
      'a specialty "other" for front desk',
      'front-desk',
      { specialty: { other: 'Pediatrics' } },
      'specialty',
      'Unknown option: other',
    ],
    [
      'certifications for front desk',
      'front-desk',
      { certifications: { N2O: true } },
      '_',
      'Unknown field: certifications',
    ],
    [
      'skills for a hygienist',
      'hygienist',
      { skills: { scheduling: true } },
      '_',
      'Unknown field: skills',
    ],
    [
      'a license number for front desk',
      'front-desk',
      { licenseNumber: 'X' },
      '_',
      'Unknown field: licenseNumber',
    ],
    [
      'a license type for a hygienist',
      'hygienist',
      { licenseType: 'CDA' },
      '_',
      'Unknown field: licenseType',
    ],
    [
      'an unknown license type',
      'assistant',
      { licenseType: 'DDS' },
      'licenseType',
      professionalMessages.licenseTypeInvalid,
    ],
    [
      'a flag that is not a boolean',
      'assistant',
      { scanning: { iTero: 'yes' } },
      'scanning.iTero',
      professionalMessages.flagMustBeBoolean,
    ],
    [
      'an unknown employment status',
      'assistant',
      { employmentStatus: 'retired' },
      'employmentStatus',
      professionalMessages.employmentStatusInvalid,
    ],
    [
      'a bad home ZIP code',
      'hygienist',
      { homeZipCode: '123' },
      'homeZipCode',
      professionalMessages.zipCodeInvalid,
    ],
    ['an empty first name', 'hygienist', { firstName: '  ' }, 'firstName', fieldMessages.required],
    [
      'an empty license number',
      'assistant',
      { licenseNumber: '' },
      'licenseNumber',
      fieldMessages.licenseNumberRequired,
    ],
    ['a bad phone', 'assistant', { phone: '555-12' }, 'phone', fieldMessages.invalidPhone],
    [
      'an e-mail (changed only by a confirmed link)',
      'front-desk',
      { email: 'new@example.com' },
      'email',
      emailChangeMessages.changeByLink,
    ],
    [
      'an empty preferred location',
      'front-desk',
      { preferredLocations: ['Trenton', ' '] },
      'preferredLocations.1',
      professionalMessages.locationRequired,
    ],
    [
      'a status change (not a profile field)',
      'hygienist',
      { status: 'verified' },
      '_',
      'Unknown field: status',
    ],
  ];

  it.each(invalid)(
    'refuses %s with a clear message and changes nothing',
    async (_name, role, body, field, message) => {
      const pro = await signedInProfessional(server, role);
      const before = await row(pro.userId);
      const res = await pro.client.put('/api/professional/profile', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields[field]).toBe(message);
      expect(res.body.error.message).toBe(message);
      expect(await row(pro.userId)).toEqual(before);
    },
  );

  it('changes nothing, not even when it was saved, for a save that names no field', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    await pro.client.get('/api/professional/profile');
    const before = await row(pro.userId);
    const res = await pro.client.put('/api/professional/profile', {});
    expect(res.status).toBe(200);
    expect(res.body.updatedAt).toBe(before!.updatedAt.toISOString());
    expect(await row(pro.userId)).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const res = await pro.client.raw('PUT', '/api/professional/profile', 'not json', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
  });
});

describe('dashboard and schedule', () => {
  it('answers honest zeros and no rating for a professional with no bookings', async () => {
    for (const role of professionalRoles) {
      const pro = await signedInProfessional(server, role);
      const res = await pro.client.get('/api/professional/dashboard');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        completedShifts: 0,
        upcomingShifts: 0,
        averageRating: null,
        totalHours: 0,
      });
      const shifts = await pro.client.get('/api/professional/shifts');
      expect(shifts.status).toBe(200);
      expect(shifts.body).toEqual({ shifts: [] });
    }
  });
});

describe('who may use /api/professional', () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ['GET', '/api/professional/profile'],
    ['PUT', '/api/professional/profile', { firstName: 'Mallory' }],
    ['GET', '/api/professional/dashboard'],
    ['GET', '/api/professional/shifts'],
  ];

  it.each(endpoints)('%s %s: 401 signed out, 403 for a practice', async (method, path, body) => {
    const send = (client: ReturnType<TestServer['client']>) =>
      method === 'GET' ? client.get(path) : client.put(path, body);
    const out = await send(server.client());
    expect(out.status).toBe(401);
    expect(out.body.error.message).toBe(genericErrors.unauthorized);
    const practice = await signedInPractice(server);
    const refused = await send(practice.client);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(genericErrors.forbidden);
  });

  it('lets a professional read and change only their own record', async () => {
    const alice = await signedInProfessional(server, 'hygienist', { firstName: 'Alice' });
    const bob = await signedInProfessional(server, 'hygienist', { firstName: 'Bob' });
    const bobBefore = await row(bob.userId);
    const res = await alice.client.put('/api/professional/profile', { lastName: 'Changed' });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('Alice');
    expect((await row(alice.userId))!.lastName).toBe('Changed');
    expect(await row(bob.userId)).toEqual(bobBefore);
    expect((await bob.client.get('/api/professional/profile')).body.firstName).toBe('Bob');
  });

  it('does not create a professional record for a practice that calls it', async () => {
    const practice = await signedInPractice(server);
    await practice.client.get('/api/professional/profile');
    expect(await row(practice.userId)).toBeUndefined();
  });

  it('refuses a cross-site save', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const res = await pro.client.raw(
      'PUT',
      '/api/professional/profile',
      JSON.stringify({ firstName: 'Evil' }),
      { 'content-type': 'application/json', origin: 'https://evil.example.com' },
    );
    expect(res.status).toBe(403);
    expect((await row(pro.userId))!.firstName).not.toBe('Evil');
  });
});
