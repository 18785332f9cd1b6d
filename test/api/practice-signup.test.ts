import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, signupErrors, textMessages } from '../../src/shared/messages';
import { account, locations, practices, user } from '../../src/server/db/schema';
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
  return `signup-${randomUUID().slice(0, 8)}@example.com`;
}

function validPractice(overrides: Record<string, unknown> = {}) {
  return {
    practiceName: 'Bayside Family Dentistry',
    email: uniqueEmail(),
    phone: '(973) 555-0110',
    address: '45 Ocean Avenue',
    city: 'Long Branch',
    state: 'NJ',
    zipCode: '07740',
    password: 'harbor-pass-1',
    confirmPassword: 'harbor-pass-1',
    pointOfContact: 'Morgan Lee',
    acceptTerms: true,
    ...overrides,
  };
}

async function rowCounts() {
  const { db } = server.services;
  const [users] = await db.select({ n: count() }).from(user);
  const [practiceRows] = await db.select({ n: count() }).from(practices);
  const [locationRows] = await db.select({ n: count() }).from(locations);
  return { users: users!.n, practices: practiceRows!.n, locations: locationRows!.n };
}

const requiredFields = [
  'practiceName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'password',
  'confirmPassword',
  'pointOfContact',
] as const;

describe('POST /api/signup/practice', () => {
  it('creates the account, the practice and one main location, and signs the practice in', async () => {
    const body = validPractice();
    const client = server.client();
    const res = await client.post('/api/signup/practice', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ portalPath: '/practice-portal' });
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /^chairfill[.\w-]*session_token=/.test(c))).toBe(true);
    expect(cookies.join(';')).toMatch(/HttpOnly/i);

    const session = await client.get('/api/session');
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({
      email: body.email,
      name: body.pointOfContact,
      accountType: 'practice',
      portalPath: '/practice-portal',
    });

    const { db } = server.services;
    const [account] = await db.select().from(user).where(eq(user.email, body.email));
    expect(account).toBeDefined();
    expect(session.body.user.id).toBe(account!.id);
    const practiceRows = await db.select().from(practices).where(eq(practices.userId, account!.id));
    expect(practiceRows).toHaveLength(1);
    const practice = practiceRows[0]!;
    expect(practice).toMatchObject({
      practiceName: body.practiceName,
      email: body.email,
      phone: body.phone,
      address: body.address,
      city: body.city,
      state: body.state,
      zipCode: body.zipCode,
      pointOfContact: body.pointOfContact,
      businessOwner: '',
      mobileNumber: '',
    });
    expect(Object.values(practice.dentalSoftware).filter((v) => v !== false && v !== '')).toEqual(
      [],
    );

    const locationRows = await db
      .select()
      .from(locations)
      .where(eq(locations.practiceId, practice.id));
    expect(locationRows).toHaveLength(1);
    expect(locationRows[0]).toMatchObject({
      name: body.practiceName,
      address: body.address,
      city: body.city,
      state: body.state,
      zipCode: body.zipCode,
      isMainLocation: true,
    });
  });

  it('never returns or stores the password in clear', async () => {
    const body = validPractice({
      password: 'clear-text-secret',
      confirmPassword: 'clear-text-secret',
    });
    const res = await server.client().post('/api/signup/practice', body);
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain(body.password);
    const [practice] = await server.services.db
      .select()
      .from(practices)
      .where(eq(practices.email, body.email));
    expect(JSON.stringify(practice)).not.toContain(body.password);
    const credentials = await server.services.db
      .select()
      .from(account)
      .where(eq(account.userId, practice!.userId));
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.password).toMatch(/^\$argon2id\$/);
    expect(credentials[0]!.password).not.toContain(body.password);
  });

  it('trims text and stores the e-mail in lower case', async () => {
    const email = uniqueEmail();
    const res = await server
      .client()
      .post(
        '/api/signup/practice',
        validPractice({ email: `  ${email.toUpperCase()} `, practiceName: '  Smile Studio  ' }),
      );
    expect(res.status).toBe(201);
    const [practice] = await server.services.db
      .select()
      .from(practices)
      .where(eq(practices.email, email));
    expect(practice?.practiceName).toBe('Smile Studio');
  });

  it.each(requiredFields)('requires %s with "This field is required"', async (field) => {
    const emptied = await server
      .client()
      .post('/api/signup/practice', validPractice({ [field]: '' }));
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.code).toBe('validation_failed');
    expect(emptied.body.error.fields[field]).toBe(fieldMessages.required);

    const omitted = validPractice();
    delete (omitted as Record<string, unknown>)[field];
    const missing = await server.client().post('/api/signup/practice', omitted);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields[field]).toBe(fieldMessages.required);
  });

  it('treats text made only of spaces as empty', async () => {
    const res = await server
      .client()
      .post('/api/signup/practice', validPractice({ practiceName: '   ', city: '  ' }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      practiceName: fieldMessages.required,
      city: fieldMessages.required,
    });
  });

  it('reports every empty field at once, first message per field', async () => {
    const res = await server.client().post('/api/signup/practice', {});
    expect(res.status).toBe(400);
    for (const field of requiredFields)
      expect(res.body.error.fields[field]).toBe(fieldMessages.required);
    expect(res.body.error.fields.acceptTerms).toBe(fieldMessages.termsRequired);
    expect(res.body.error.message).toBe(fieldMessages.required);
  });

  it.each([
    'plainaddress',
    'no-at-sign.example.com',
    'two@@example.com',
    'user@domain',
    'user @example.com',
  ])('refuses the e-mail %j', async (email) => {
    const res = await server.client().post('/api/signup/practice', validPractice({ email }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ email: fieldMessages.invalidEmail });
  });

  it.each(['pat@example..com', '.pat@x.com', 'pat@-example.com', '0@0.0', 'pat@example.ｃｏｍ'])(
    'refuses %j, which the identity library would refuse, with 400 and the catalogue text',
    async (email) => {
      const before = await rowCounts();
      const res = await server.client().post('/api/signup/practice', validPractice({ email }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(signupErrors.invalidEmail);
      expect(res.body.error.fields).toEqual({ email: fieldMessages.invalidEmail });
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('refuses line breaks and control characters in one-line fields, creating nothing', async () => {
    const before = await rowCounts();
    for (const [field, value] of [
      ['practiceName', 'Bayside\nFamily Dentistry'],
      ['address', '45 Ocean Avenue\r\nSuite 2'],
      ['city', 'Long\tBranch'],
      ['pointOfContact', 'Morgan\u0085Lee'],
    ] as const) {
      const res = await server
        .client()
        .post('/api/signup/practice', validPractice({ [field]: value }));
      expect(res.status, field).toBe(400);
      expect(res.body.error.fields).toEqual({ [field]: textMessages.oneLine });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it.each(['(201) 555-0142', '201-555-0142', '201.555.0142', '2015550142', '+ 201 555 0142'])(
    'accepts the phone %j, which has 10 digits once formatting is stripped',
    async (phone) => {
      const res = await server.client().post('/api/signup/practice', validPractice({ phone }));
      expect(res.status).toBe(201);
    },
  );

  it.each(['555-0142', '201-555-014', '1-201-555-0142', '201-555-01421', 'call me maybe'])(
    'refuses the phone %j',
    async (phone) => {
      const res = await server.client().post('/api/signup/practice', validPractice({ phone }));
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ phone: fieldMessages.invalidPhone });
    },
  );

  it('refuses a confirmation that differs from the password, on confirmPassword', async () => {
    const res = await server
      .client()
      .post(
        '/api/signup/practice',
        validPractice({ password: 'first-pass', confirmPassword: 'other-pass' }),
      );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ confirmPassword: fieldMessages.passwordsDoNotMatch });
    expect(res.body.error.message).toBe(fieldMessages.passwordsDoNotMatch);
  });

  it('refuses a password shorter than 6 characters and accepts exactly 6', async () => {
    const short = await server
      .client()
      .post('/api/signup/practice', validPractice({ password: '12345', confirmPassword: '12345' }));
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ password: fieldMessages.passwordTooShort });
    const six = await server
      .client()
      .post(
        '/api/signup/practice',
        validPractice({ password: 'k7qz2w', confirmPassword: 'k7qz2w' }),
      );
    expect(six.status).toBe(201);
  });

  it.each([false, undefined, 'true', 1])('refuses acceptTerms = %j', async (acceptTerms) => {
    const res = await server.client().post('/api/signup/practice', validPractice({ acceptTerms }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ acceptTerms: fieldMessages.termsRequired });
  });

  it.each(['0760', '076011', 'ABCDE', '07601-1234', '07 601'])(
    'refuses the ZIP code %j',
    async (zipCode) => {
      const res = await server.client().post('/api/signup/practice', validPractice({ zipCode }));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['zipCode']);
      expect(res.body.error.fields.zipCode).toMatch(/ZIP/);
    },
  );

  it('refuses an e-mail that already has an account with 409, also when it differs only by case', async () => {
    const existing = await seedPractice(server.services);
    const before = await rowCounts();
    const same = await server
      .client()
      .post('/api/signup/practice', validPractice({ email: existing.email }));
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe(signupErrors.practiceEmailInUse);
    expect(same.headers.getSetCookie()).toEqual([]);
    const upper = await server
      .client()
      .post('/api/signup/practice', validPractice({ email: existing.email.toUpperCase() }));
    expect(upper.status).toBe(409);
    expect(upper.body.error.message).toBe(signupErrors.practiceEmailInUse);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an e-mail already used by a professional account', async () => {
    const pro = await seedProfessional(server.services, 'hygienist');
    const res = await server
      .client()
      .post('/api/signup/practice', validPractice({ email: pro.email }));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(signupErrors.practiceEmailInUse);
  });

  it('creates no user, practice or location when the request is refused', async () => {
    const before = await rowCounts();
    const refusals = [
      validPractice({ acceptTerms: false }),
      validPractice({ password: 'abcdef', confirmPassword: 'abcdeg' }),
      validPractice({ phone: '555' }),
      validPractice({ zipCode: 'x' }),
      validPractice({ practiceName: '' }),
    ];
    for (const body of refusals) {
      const client = server.client();
      const res = await client.post('/api/signup/practice', body);
      expect(res.status).toBe(400);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect((await client.get('/api/session')).body.user).toBeNull();
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('lets concurrent signups race for one e-mail and keeps exactly one account', async () => {
    const body = validPractice();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => server.client().post('/api/signup/practice', body)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.error.message).toBe(signupErrors.practiceEmailInUse);
    }
    const { db } = server.services;
    const accounts = await db.select().from(user).where(eq(user.email, body.email));
    expect(accounts).toHaveLength(1);
    const practiceRows = await db.select().from(practices).where(eq(practices.email, body.email));
    expect(practiceRows).toHaveLength(1);
  });
});
