import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfessionalRole } from '../../src/shared/accounts';
import { fieldMessages, signupErrors, textMessages } from '../../src/shared/messages';
import { professionals, user } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function uniqueEmail(): string {
  return `pro-${randomUUID().slice(0, 8)}@example.com`;
}

function validProfessional(role: string, overrides: Record<string, unknown> = {}) {
  return {
    role,
    firstName: 'Casey',
    lastName: 'Nguyen',
    email: uniqueEmail(),
    phone: '(609) 555-0177',
    address: '8 Maple Court',
    city: 'Princeton',
    state: 'NJ',
    zipCode: '08540',
    licenseNumber: role === 'front-desk' ? '' : 'NJ-RDH-4410',
    licenseType: role === 'assistant' ? 'RDA' : '',
    yearsOfExperience: '7',
    employmentStatus: 'temp',
    password: 'casey-pass-1',
    confirmPassword: 'casey-pass-1',
    acceptTerms: true,
    ...overrides,
  };
}

async function storedProfessional(email: string) {
  const rows = await server.services.db
    .select()
    .from(professionals)
    .where(eq(professionals.email, email));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function rowCounts() {
  const { db } = server.services;
  const [users] = await db.select({ n: count() }).from(user);
  const [pros] = await db.select({ n: count() }).from(professionals);
  return { users: users!.n, professionals: pros!.n };
}

async function signupErrorFields(body: Record<string, unknown>) {
  const res = await server.client().post('/api/signup/professional', body);
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('validation_failed');
  return res.body.error.fields as Record<string, string>;
}

const roles = [
  ['hygienist', '/hygienist-portal', 'Hygienist'],
  ['assistant', '/dental-assistant', 'Assistant'],
  ['front-desk', '/front-desk-portal', 'Front Desk'],
] as const;

describe('POST /api/signup/professional', () => {
  it.each(roles)(
    'creates a pending %s, lands on %s and signs in',
    async (role, portalPath, position) => {
      const body = validProfessional(role);
      const client = server.client();
      const res = await client.post('/api/signup/professional', body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ portalPath });
      expect(res.headers.getSetCookie().join(';')).toMatch(/session_token=.*HttpOnly/i);

      const session = await client.get('/api/session');
      expect(session.body.user).toMatchObject({
        email: body.email,
        name: 'Casey Nguyen',
        accountType: role,
        portalPath,
      });

      const row = await storedProfessional(body.email);
      expect(row).toMatchObject({
        userId: session.body.user.id,
        role,
        position,
        status: 'pending',
        firstName: 'Casey',
        lastName: 'Nguyen',
        phone: body.phone,
        address: body.address,
        city: body.city,
        state: body.state,
        zipCode: body.zipCode,
        yearsOfExperience: 7,
        employmentStatus: 'temp',
        licenseNumber: role === 'front-desk' ? null : 'NJ-RDH-4410',
        licenseType: role === 'assistant' ? 'RDA' : null,
      });
    },
  );

  it('carries the street, city, state and ZIP code typed at signup into the Home Address, placed by ZIP', async () => {
    const body = validProfessional('hygienist');
    const client = server.client();
    expect((await client.post('/api/signup/professional', body)).status).toBe(201);
    const profile = await client.get('/api/professional/profile');
    expect(profile.body).toMatchObject({
      homeAddress: '8 Maple Court, Princeton, NJ',
      homeZipCode: '08540',
    });
    const row = await storedProfessional(body.email);
    expect(row.homeLatitude).toEqual(expect.any(Number));
    expect(row.homeLongitude).toEqual(expect.any(Number));
  });

  it('stores no license number for front desk even when one is sent', async () => {
    const body = validProfessional('front-desk', { licenseNumber: 'FD-1', licenseType: 'CDA' });
    const res = await server.client().post('/api/signup/professional', body);
    expect(res.status).toBe(201);
    const row = await storedProfessional(body.email);
    expect(row.licenseNumber).toBeNull();
    expect(row.licenseType).toBeNull();
  });

  it('stores a license type only for assistants', async () => {
    const body = validProfessional('hygienist', { licenseType: 'EFDA' });
    const res = await server.client().post('/api/signup/professional', body);
    expect(res.status).toBe(201);
    const row = await storedProfessional(body.email);
    expect(row.licenseNumber).toBe('NJ-RDH-4410');
    expect(row.licenseType).toBeNull();
  });

  it('accepts an assistant without a license type (not checked, as in the spec)', async () => {
    const body = validProfessional('assistant', { licenseType: '' });
    const res = await server.client().post('/api/signup/professional', body);
    expect(res.status).toBe(201);
    expect((await storedProfessional(body.email)).licenseType).toBeNull();
  });

  it('refuses an unknown license type', async () => {
    const fields = await signupErrorFields(validProfessional('assistant', { licenseType: 'DDS' }));
    expect(Object.keys(fields)).toEqual(['licenseType']);
  });

  it('defaults address, city, state and ZIP code to empty text when they are left out', async () => {
    const body = validProfessional('hygienist');
    delete (body as Partial<typeof body>).address;
    delete (body as Partial<typeof body>).city;
    delete (body as Partial<typeof body>).state;
    delete (body as Partial<typeof body>).zipCode;
    const res = await server.client().post('/api/signup/professional', body);
    expect(res.status).toBe(201);
    expect(await storedProfessional(body.email)).toMatchObject({
      address: '',
      city: '',
      state: '',
      zipCode: '',
    });
  });

  it('accepts yearsOfExperience as a number too', async () => {
    const body = validProfessional('front-desk', { yearsOfExperience: 0 });
    const res = await server.client().post('/api/signup/professional', body);
    expect(res.status).toBe(201);
    expect((await storedProfessional(body.email)).yearsOfExperience).toBe(0);
  });

  it.each(['dentist', '', 'Hygienist', undefined])('refuses the role %j with 400', async (role) => {
    const before = await rowCounts();
    const fields = await signupErrorFields(validProfessional('hygienist', { role }));
    expect(Object.keys(fields)).toEqual(['role']);
    expect(await rowCounts()).toEqual(before);
  });

  it.each(['firstName', 'lastName', 'yearsOfExperience'])(
    'requires %s with "This field is required"',
    async (field) => {
      expect(await signupErrorFields(validProfessional('hygienist', { [field]: '' }))).toEqual({
        [field]: fieldMessages.required,
      });
      expect(
        await signupErrorFields(validProfessional('hygienist', { [field]: undefined })),
      ).toEqual({
        [field]: fieldMessages.required,
      });
    },
  );

  it.each([
    ['email', fieldMessages.emailRequired],
    ['phone', fieldMessages.phoneRequired],
    ['password', fieldMessages.passwordRequired],
    ['confirmPassword', fieldMessages.confirmPasswordRequired],
    ['employmentStatus', fieldMessages.employmentStatusRequired],
  ])('answers an empty %s with %j', async (field, message) => {
    // An empty password also differs from the confirmation, so only the field's own message is checked.
    expect((await signupErrorFields(validProfessional('assistant', { [field]: '' })))[field]).toBe(
      message,
    );
    expect(
      (await signupErrorFields(validProfessional('assistant', { [field]: undefined })))[field],
    ).toBe(message);
  });

  it('refuses an employment status that is not one of the four options', async () => {
    expect(
      await signupErrorFields(validProfessional('hygienist', { employmentStatus: 'retired' })),
    ).toEqual({
      employmentStatus: fieldMessages.employmentStatusRequired,
    });
  });

  it.each(['-1', '61', '2.5', 'ten'])('refuses yearsOfExperience %j', async (yearsOfExperience) => {
    const fields = await signupErrorFields(validProfessional('hygienist', { yearsOfExperience }));
    expect(fields).toEqual({ yearsOfExperience: fieldMessages.yearsOfExperienceInvalid });
  });

  it.each(['hygienist', 'assistant'])('requires a license number for a %s', async (role) => {
    expect(await signupErrorFields(validProfessional(role, { licenseNumber: '' }))).toEqual({
      licenseNumber: fieldMessages.licenseNumberRequired,
    });
    expect(await signupErrorFields(validProfessional(role, { licenseNumber: '   ' }))).toEqual({
      licenseNumber: fieldMessages.licenseNumberRequired,
    });
  });

  it('does not require a license number for front desk', async () => {
    const body = validProfessional('front-desk', { licenseNumber: '' });
    const res = await server.client().post('/api/signup/professional', body);
    expect(res.status).toBe(201);
  });

  it('refuses a malformed e-mail', async () => {
    expect(
      await signupErrorFields(validProfessional('hygienist', { email: 'casey.example.com' })),
    ).toEqual({
      email: fieldMessages.invalidEmail,
    });
  });

  it.each(['jane..doe@gmail.com', 'pat.@x.com', 'a@b_c.de', 'ｐａｔ@example.com'])(
    'refuses %j, which the identity library would refuse, with 400 and the catalogue text',
    async (email) => {
      const before = await rowCounts();
      const res = await server
        .client()
        .post('/api/signup/professional', validProfessional('hygienist', { email }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(signupErrors.invalidEmail);
      expect(res.body.error.fields).toEqual({ email: fieldMessages.invalidEmail });
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('refuses line breaks in names and the address, and creates nothing', async () => {
    const before = await rowCounts();
    for (const field of ['firstName', 'lastName', 'address', 'city', 'licenseNumber']) {
      expect(
        await signupErrorFields(validProfessional('hygienist', { [field]: 'Jane\nBcc: x@y.com' })),
      ).toEqual({ [field]: textMessages.oneLine });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it.each(['609-555-017', '1 609 555 0177', 'none'])('refuses the phone %j', async (phone) => {
    expect(await signupErrorFields(validProfessional('hygienist', { phone }))).toEqual({
      phone: fieldMessages.invalidPhone,
    });
  });

  it('accepts a formatted phone with 10 digits', async () => {
    const res = await server
      .client()
      .post('/api/signup/professional', validProfessional('assistant', { phone: '609.555.0177' }));
    expect(res.status).toBe(201);
  });

  it('refuses a password shorter than 6 characters', async () => {
    expect(
      await signupErrorFields(
        validProfessional('hygienist', { password: 'abc', confirmPassword: 'abc' }),
      ),
    ).toEqual({ password: fieldMessages.passwordTooShort });
  });

  it('refuses a confirmation that differs from the password, on confirmPassword', async () => {
    expect(
      await signupErrorFields(
        validProfessional('front-desk', { password: 'abcdef', confirmPassword: 'abcdefg' }),
      ),
    ).toEqual({ confirmPassword: fieldMessages.passwordsDoNotMatch });
  });

  it('requires the terms to be accepted', async () => {
    expect(await signupErrorFields(validProfessional('hygienist', { acceptTerms: false }))).toEqual(
      {
        acceptTerms: fieldMessages.termsRequired,
      },
    );
  });

  it('reports the spec messages for an empty form all at once', async () => {
    const fields = await signupErrorFields({ role: 'hygienist' });
    expect(fields).toMatchObject({
      firstName: fieldMessages.required,
      lastName: fieldMessages.required,
      email: fieldMessages.emailRequired,
      phone: fieldMessages.phoneRequired,
      password: fieldMessages.passwordRequired,
      confirmPassword: fieldMessages.confirmPasswordRequired,
      yearsOfExperience: fieldMessages.required,
      employmentStatus: fieldMessages.employmentStatusRequired,
      acceptTerms: fieldMessages.termsRequired,
    });
  });

  it('refuses an e-mail already in use (any case, any kind of account) with 409 and the spec text', async () => {
    const hygienist = await seedProfessional(server.services, 'hygienist');
    const practice = await seedPractice(server.services);
    const before = await rowCounts();
    for (const email of [hygienist.email, hygienist.email.toUpperCase(), practice.email]) {
      const res = await server
        .client()
        .post('/api/signup/professional', validProfessional('assistant', { email }));
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(signupErrors.professionalEmailInUse);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('creates no user and no professional when validation fails', async () => {
    const before = await rowCounts();
    const client = server.client();
    const res = await client.post(
      '/api/signup/professional',
      validProfessional('hygienist', { licenseNumber: '' }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await client.get('/api/session')).body.user).toBeNull();
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps the professional record keyed to its account: one record per signup', async () => {
    const roleOf: ProfessionalRole = 'assistant';
    const body = validProfessional(roleOf);
    const first = await server.client().post('/api/signup/professional', body);
    expect(first.status).toBe(201);
    const again = await server
      .client()
      .post('/api/signup/professional', { ...body, role: 'hygienist' });
    expect(again.status).toBe(409);
    const row = await storedProfessional(body.email);
    expect(row.role).toBe(roleOf);
  });
});
