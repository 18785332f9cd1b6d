import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { sandboxBanks } from '../../src/server/bank-link/sandbox-bank-link';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { credentials, pushSubscriptions, smsPhones } from '../../src/server/db/schema';
import { callerNames, LOCATION_BODY, type AccessWorld, type CallerName } from './access-world';
import { fileForm, PDF_BYTES, PNG_BYTES } from './sample-files';

/**
 * The authorization matrix: one row per route the server answers (method + path exactly as the
 * app lists them, see src/server/route-list.ts) and, for every kind of caller, the status the
 * route must answer. Ids in paths are real objects owned by practice A (or by A's hygienist), so
 * practice B and the other professionals are tried against someone else's objects.
 *
 * Statuses: 2xx = allowed; 401 = signed out; 403 = wrong kind of account (or, for files, someone
 * else's file); 404 = another owner's object (the code's convention: ids of others do not exist
 * for you); other 4xx = the caller's own call, refused by a business rule. Every non-2xx cell is
 * checked to have changed nothing in the database.
 */

export type Expectations = Record<CallerName, number>;

export interface Probe {
  method: string;
  path: string;
  json?: unknown;
  form?: FormData;
  /** This probe's own expected status, when it differs from the cell's (extra probes). */
  status?: number;
  /** The answer is a stream that stays open (live updates): only its status is read. */
  stream?: true;
}

export interface MatrixRow {
  /** `METHOD /path`, as listed by listServerRoutes. */
  route: string;
  /** Routes that exist only outside production, or only when BENCH_ROUTES=true. */
  only?: 'development' | 'bench';
  expect: Expectations;
  /** Creates the objects this row acts on (once per row, before any caller). */
  setup?: (world: AccessWorld) => Promise<Record<string, string>>;
  /** The request(s) each caller sends; the first carries the cell's expectation. */
  probes: (
    fixture: Record<string, string>,
    caller: CallerName,
    world: AccessWorld,
  ) => Probe[] | Promise<Probe[]>;
}

function cells(values: Partial<Expectations> & { others: number }): Expectations {
  const { others, ...given } = values;
  return Object.fromEntries(
    callerNames.map((name) => [name, given[name] ?? others]),
  ) as Expectations;
}

const professionals = ['hygienist', 'assistant', 'frontDesk', 'pendingProfessional'] as const;

/** Everyone, signed in or not. */
const everyone = (status: number) => cells({ others: status });
/** Practices only, each on its own record. */
const practices = (status: number) =>
  cells({ signedOut: 401, practiceA: status, practiceB: status, others: 403 });
/** Practices only; the object is A's, so B gets 404. */
const practiceAObject = (status: number) =>
  cells({ signedOut: 401, practiceA: status, practiceB: 404, others: 403 });
/** Professionals only, each on their own record. */
function professionalsOnly(status: number, overrides: Partial<Expectations> = {}): Expectations {
  return cells({
    signedOut: 401,
    ...Object.fromEntries(professionals.map((p) => [p, status])),
    ...overrides,
    others: 403,
  });
}
/** Professionals only; the object is A's hygienist's, so every other professional gets 404. */
const hygienistObject = (status: number) => professionalsOnly(404, { hygienist: status });
/** Practices and professionals (the bell, the calendar feed); not platform staff. */
const bellOwners = (status: number) => cells({ signedOut: 401, admin: 403, others: status });
const adminOnly = (status: number) => cells({ signedOut: 401, admin: status, others: 403 });

const get = (path: string): Probe[] => [{ method: 'GET', path }];

/** What a browser's push subscription holds: the address and fresh keys (RFC 8291). */
function pushSubscriptionRow(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}
function pushSubscriptionFor(endpoint: string) {
  const row = pushSubscriptionRow(endpoint);
  return { endpoint, keys: { p256dh: row.p256dh, auth: row.auth } };
}
const post = (path: string, json?: unknown): Probe[] => [{ method: 'POST', path, json }];

/** A new pending credential of A's hygienist (CPR/BLS, valid for a year). */
async function hygienistCredential(world: AccessWorld): Promise<string> {
  const [row] = await world.server.services.db
    .insert(credentials)
    .values({
      professionalId: world.hygienist.professionalId,
      kind: 'cpr_bls',
      number: 'BLS-000001',
      expiresOn: practiceDateFromToday(365),
    })
    .returning({ id: credentials.id });
  return row!.id;
}

function practiceSignup(email: string) {
  return {
    practiceName: 'New Bright Dental',
    email,
    phone: '(201) 555-0142',
    address: '100 River Road',
    city: 'Hackensack',
    state: 'NJ',
    zipCode: '07601',
    pointOfContact: 'Dana Office',
    password: 'new-practice-pass-1',
    confirmPassword: 'new-practice-pass-1',
    acceptTerms: true,
  };
}

function professionalSignup(email: string) {
  return {
    role: 'hygienist',
    firstName: 'Casey',
    lastName: 'Nguyen',
    email,
    phone: '(609) 555-0177',
    address: '8 Maple Court',
    city: 'Princeton',
    state: 'NJ',
    zipCode: '08540',
    licenseNumber: 'NJ-RDH-4410',
    licenseType: '',
    yearsOfExperience: '7',
    employmentStatus: 'temp',
    password: 'casey-pass-12',
    confirmPassword: 'casey-pass-12',
    acceptTerms: true,
  };
}

const uniqueEmail = (what: string) => `${what}-${randomUUID().slice(0, 8)}@example.com`;

/** The caller's own main location (practices), else A's: refused callers never reach it. */
async function mainLocationOf(world: AccessWorld, caller: CallerName): Promise<string> {
  const client = caller === 'practiceB' ? world.practiceB.client : world.practiceA.client;
  const res = await client.get('/api/practice/locations');
  return res.body.locations.find((l: { isMainLocation: boolean }) => l.isMainLocation).id as string;
}

async function officeOf(world: AccessWorld, caller: CallerName) {
  const client = caller === 'practiceB' ? world.practiceB.client : world.practiceA.client;
  const office = (await client.get('/api/practice')).body;
  return {
    ...office,
    pointOfContact: 'Morgan Front',
    maxRates: { hygienist: '', dentalAssistant: '', frontDesk: '' },
  };
}

/** A test bank and account of the sandbox widget (the same for everyone). */
function sandboxChoice() {
  const bank = sandboxBanks[0]!;
  return { bankId: bank.id, accountId: bank.accounts[0]!.id };
}

/** The sandbox bank widget's first step, as the caller (practices) or as A (everyone else). */
async function sandboxToken(world: AccessWorld, caller: CallerName) {
  const client = caller === 'practiceB' ? world.practiceB.client : world.practiceA.client;
  const token = await client.post('/api/practice/billing/link-token');
  const bank = token.body.banks[0];
  return { bankId: bank.id as string, accountId: bank.accounts[0].id as string, client };
}

/** No one has a number for texts (so confirming or switching texts is refused: 409). */
async function noTextNumbers(world: AccessWorld): Promise<Record<string, string>> {
  await world.server.services.db.delete(smsPhones);
  return {};
}

export const authorizationMatrix: MatrixRow[] = [
  // Payments: the provider's signed notices (the sandbox takes none: 400) and the pay terms
  {
    route: 'POST /api/payments/webhook',
    expect: everyone(400),
    probes: () => post('/api/payments/webhook', { id: 'evt_1', type: 'payment_intent.succeeded' }),
  },
  {
    route: 'GET /api/payments/terms',
    expect: everyone(200),
    probes: () => get('/api/payments/terms'),
  },

  // Health
  { route: 'GET /api/health', expect: everyone(200), probes: () => get('/api/health') },
  { route: 'GET /api/ready', expect: everyone(200), probes: () => get('/api/ready') },

  // Accounts: open to everyone (a signed-in visitor may still create or open another account)
  {
    route: 'POST /api/signup/practice',
    expect: everyone(201),
    probes: () => post('/api/signup/practice', practiceSignup(uniqueEmail('signup-practice'))),
  },
  {
    route: 'POST /api/signup/professional',
    expect: everyone(201),
    probes: () =>
      post('/api/signup/professional', professionalSignup(uniqueEmail('signup-professional'))),
  },
  {
    route: 'POST /api/login',
    expect: everyone(200),
    probes: (_f, _c, world) => post('/api/login', { ...world.spareLogin, audience: 'practice' }),
  },
  {
    route: 'POST /api/password-reset/request',
    expect: everyone(200),
    probes: () => post('/api/password-reset/request', { email: uniqueEmail('nobody') }),
  },
  {
    route: 'POST /api/password-reset/complete',
    expect: everyone(400),
    probes: () =>
      post('/api/password-reset/complete', {
        token: 'not-a-real-token',
        password: 'another-pass-123',
        confirmPassword: 'another-pass-123',
      }),
  },
  { route: 'GET /api/session', expect: everyone(200), probes: () => get('/api/session') },
  {
    // The e-mailed reset link with an unknown token sends the browser to the reset page with an
    // error. Only it and sign-out pass to better-auth; its other endpoints (which would skip our
    // validation, audiences and rate limits) are the API's 404.
    route: 'GET /api/auth/reset-password/:token',
    expect: everyone(302),
    probes: () => [
      {
        method: 'GET',
        path: '/api/auth/reset-password/unknown-token?callbackURL=%2Freset-password',
      },
      {
        method: 'POST',
        path: '/api/auth/sign-up/email',
        status: 404,
        json: {
          email: uniqueEmail('direct'),
          password: 'direct-pass-123',
          name: 'Direct',
          accountType: 'admin',
        },
      },
      {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        status: 404,
        json: { email: 'x@example.com', password: 'x-pass-123' },
      },
      {
        method: 'POST',
        path: '/api/auth/update-user',
        status: 404,
        json: { accountType: 'admin', name: 'Admin' },
      },
      { method: 'POST', path: '/api/auth/delete-user', json: {}, status: 404 },
      {
        method: 'POST',
        path: '/api/auth/change-email',
        json: { newEmail: uniqueEmail('moved') },
        status: 404,
      },
    ],
  },

  {
    // The API's own description: the OpenAPI document for anyone; the readable page outside
    // production only.
    route: 'GET /api/openapi.json',
    expect: everyone(200),
    probes: () => get('/api/openapi.json'),
  },
  {
    route: 'GET /api/reference',
    only: 'development',
    expect: everyone(200),
    probes: () => get('/api/reference'),
  },

  // Any signed-in account: its own sessions and password
  {
    route: 'GET /api/account/sessions',
    expect: cells({ signedOut: 401, others: 200 }),
    probes: () => get('/api/account/sessions'),
  },
  {
    route: 'DELETE /api/account/sessions/:id',
    expect: cells({ signedOut: 401, practiceA: 200, others: 404 }),
    setup: async (w) => ({ id: await w.fresh.sessionOfA() }),
    probes: (f) => [{ method: 'DELETE', path: `/api/account/sessions/${f.id}` }],
  },
  {
    // Each caller has one session, so ending the others ends none of the matrix's callers.
    route: 'POST /api/account/sessions/end-others',
    expect: cells({ signedOut: 401, others: 200 }),
    probes: () => post('/api/account/sessions/end-others'),
  },
  {
    // Sends a link to the new address; nothing changes until it is opened.
    route: 'POST /api/account/email/change',
    expect: cells({ signedOut: 401, admin: 403, others: 202 }),
    probes: () => post('/api/account/email/change', { newEmail: uniqueEmail('new-address') }),
  },
  {
    // Whoever opens the link: the token is the permission, a made-up one changes nothing.
    route: 'POST /api/account/email/confirm',
    expect: everyone(400),
    probes: () => post('/api/account/email/confirm', { token: 'not-a-real-token' }),
  },
  {
    route: 'POST /api/account/password',
    expect: cells({ signedOut: 401, others: 200 }),
    probes: (_f, caller, world) => {
      const password = `quiet-harbor-lantern-${randomUUID().slice(0, 6)}`;
      const currentPassword = world.callers[caller].password || 'not-signed-in-1';
      world.callers[caller].password = password;
      return post('/api/account/password', {
        currentPassword,
        password,
        confirmPassword: password,
      });
    },
  },

  // Practice: office, dashboard, locations, shifts
  { route: 'GET /api/practice', expect: practices(200), probes: () => get('/api/practice') },
  {
    route: 'PUT /api/practice',
    expect: practices(200),
    probes: async (_f, caller, world) => [
      { method: 'PUT', path: '/api/practice', json: await officeOf(world, caller) },
    ],
  },
  {
    route: 'GET /api/practice/dashboard',
    expect: practices(200),
    probes: () => get('/api/practice/dashboard'),
  },
  {
    route: 'GET /api/practice/locations',
    expect: practices(200),
    probes: () => get('/api/practice/locations'),
  },
  {
    route: 'POST /api/practice/locations',
    expect: practices(201),
    probes: () => post('/api/practice/locations', { ...LOCATION_BODY, name: 'Second office' }),
  },
  {
    route: 'PUT /api/practice/locations/:id',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.location() }),
    probes: (f) => [
      {
        method: 'PUT',
        path: `/api/practice/locations/${f.id}`,
        json: { ...LOCATION_BODY, name: 'Renamed office' },
      },
    ],
  },
  {
    route: 'POST /api/practice/locations/:id/make-main',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.location() }),
    probes: (f) => post(`/api/practice/locations/${f.id}/make-main`),
  },
  {
    route: 'DELETE /api/practice/locations/:id',
    expect: practiceAObject(204),
    setup: async (w) => ({ id: await w.fresh.location() }),
    probes: (f) => [{ method: 'DELETE', path: `/api/practice/locations/${f.id}` }],
  },
  {
    route: 'GET /api/practice/shifts',
    expect: practices(200),
    probes: () => get('/api/practice/shifts'),
  },
  {
    route: 'GET /api/practice/shift-months',
    expect: practices(200),
    probes: () => get('/api/practice/shift-months'),
  },
  {
    route: 'POST /api/practice/shifts',
    expect: practices(201),
    probes: async (_f, caller, world) =>
      post('/api/practice/shifts', {
        position: 'Hygienist',
        dates: [practiceDateFromToday(40)],
        startTime: '08:00',
        endTime: '16:00',
        rate: '55.50',
        locationId: await mainLocationOf(world, caller),
        breakMinutes: 30,
        timePerPatient: 45,
        notes: 'Bring loupes',
      }),
  },
  {
    route: 'PATCH /api/practice/shifts/:id',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.shift() }),
    probes: (f) => [
      {
        method: 'PATCH',
        path: `/api/practice/shifts/${f.id}`,
        json: { startTime: '09:00', endTime: '15:00', rate: 60 },
      },
    ],
  },
  {
    route: 'GET /api/practice/shifts/:id/why-not',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.shift() }),
    probes: (f) => get(`/api/practice/shifts/${f.id}/why-not`),
  },
  {
    // A location of A: B's preview of it is a 404, like an unknown one.
    route: 'GET /api/practice/shift-preview',
    expect: practiceAObject(200),
    setup: async (w) => ({ locationId: await w.fresh.location() }),
    probes: (f) =>
      get(
        `/api/practice/shift-preview?${new URLSearchParams({
          position: 'Hygienist',
          date: practiceDateFromToday(7),
          startTime: '08:00',
          endTime: '16:00',
          rate: '50.00',
          locationId: f.locationId!,
        })}`,
      ),
  },
  {
    route: 'GET /api/practice/shifts/:id/boosts',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.shift() }),
    probes: (f) => get(`/api/practice/shifts/${f.id}/boosts`),
  },
  {
    route: 'POST /api/practice/shifts/:id/boosts',
    expect: practiceAObject(201),
    setup: async (w) => ({ id: await w.fresh.shift() }),
    probes: (f) => post(`/api/practice/shifts/${f.id}/boosts`, { kind: 'rate', rate: '70' }),
  },
  {
    route: 'POST /api/practice/shifts/:id/cancel',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.shift() }),
    probes: (f) => post(`/api/practice/shifts/${f.id}/cancel`, { reason: 'Office closed' }),
  },
  // Attendance and timesheets, the practice's side
  {
    route: 'GET /api/practice/check-in-codes',
    expect: practices(200),
    probes: () => get('/api/practice/check-in-codes'),
  },
  {
    route: 'GET /api/practice/timesheets',
    expect: practices(200),
    probes: () => get('/api/practice/timesheets'),
  },
  {
    route: 'POST /api/practice/timesheets/:id/approve',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: (await w.fresh.submittedTimesheet()).timesheetId }),
    probes: (f) => post(`/api/practice/timesheets/${f.id}/approve`),
  },
  {
    route: 'POST /api/practice/timesheets/:id/dispute',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: (await w.fresh.submittedTimesheet()).timesheetId }),
    probes: (f) => post(`/api/practice/timesheets/${f.id}/dispute`, { reason: 'Left early' }),
  },
  {
    route: 'POST /api/practice/bookings/:id/no-show',
    expect: practiceAObject(204),
    setup: async (w) => ({ id: (await w.fresh.lateBooking()).bookingId }),
    probes: (f) => post(`/api/practice/bookings/${f.id}/no-show`),
  },
  {
    route: 'GET /api/practice/shifts/:shiftId/applicants',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: (await w.fresh.application()).shiftId }),
    probes: (f) => get(`/api/practice/shifts/${f.id}/applicants`),
  },
  {
    route: 'POST /api/practice/applications/:id/accept',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: (await w.fresh.application()).applicationId }),
    probes: (f) => post(`/api/practice/applications/${f.id}/accept`),
  },
  {
    route: 'POST /api/practice/applications/:id/decline',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: (await w.fresh.application()).applicationId }),
    probes: (f) => post(`/api/practice/applications/${f.id}/decline`),
  },
  {
    route: 'POST /api/practice/shifts/:shiftId/rating',
    expect: practiceAObject(201),
    setup: async (w) => ({ id: (await w.fresh.completedBooking()).shiftId }),
    probes: (f) => post(`/api/practice/shifts/${f.id}/rating`, { stars: 5 }),
  },

  // Billing (each practice's own record; no ids in paths)
  {
    route: 'GET /api/practice/billing',
    expect: practices(200),
    probes: () => get('/api/practice/billing'),
  },
  {
    route: 'POST /api/practice/billing/link-token',
    expect: practices(200),
    probes: () => post('/api/practice/billing/link-token'),
  },
  {
    route: 'POST /api/practice/billing/sandbox/public-token',
    expect: practices(200),
    probes: async (_f, caller, world) => {
      const { bankId, accountId } = await sandboxToken(world, caller);
      return post('/api/practice/billing/sandbox/public-token', { bankId, accountId });
    },
  },
  {
    route: 'POST /api/exchange-plaid-token',
    expect: practices(200),
    probes: async (_f, caller, world) => {
      const { bankId, accountId, client } = await sandboxToken(world, caller);
      const token = await client.post('/api/practice/billing/sandbox/public-token', {
        bankId,
        accountId,
      });
      return post('/api/exchange-plaid-token', token.body);
    },
  },
  {
    route: 'GET /api/practice/billing/money',
    expect: practices(200),
    probes: () => get('/api/practice/billing/money'),
  },
  {
    route: 'GET /api/practice/billing/invoices/:id/pdf',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.invoice() }),
    probes: (f) => get(`/api/practice/billing/invoices/${f.id}/pdf`),
  },
  {
    route: 'GET /api/practice/billing/charges/:id/receipt',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.charge() }),
    probes: (f) => get(`/api/practice/billing/charges/${f.id}/receipt`),
  },
  {
    route: 'DELETE /api/practice/billing/payment-method',
    // Practice A has booked shifts still to be worked or approved by now (the rows above): its
    // bank account cannot be removed (issue 41); B has none.
    expect: cells({ signedOut: 401, practiceA: 409, practiceB: 204, others: 403 }),
    probes: () => [{ method: 'DELETE', path: '/api/practice/billing/payment-method' }],
  },

  // Professional: earnings and the payout bank (their own, no ids in paths)
  {
    route: 'GET /api/professional/earnings',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/earnings?year=2026'),
  },
  {
    route: 'GET /api/professional/earnings/csv',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/earnings/csv'),
  },
  {
    route: 'GET /api/professional/payout-account',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/payout-account'),
  },
  {
    // The sandbox pays out at once: nobody's payout account needs onboarding (409).
    route: 'POST /api/professional/payout-account/onboarding-link',
    expect: professionalsOnly(409),
    probes: () => post('/api/professional/payout-account/onboarding-link'),
  },
  {
    route: 'POST /api/professional/payout-account/link-token',
    expect: professionalsOnly(200),
    probes: () => post('/api/professional/payout-account/link-token'),
  },
  {
    route: 'POST /api/professional/payout-account/sandbox/public-token',
    expect: professionalsOnly(200),
    probes: () => post('/api/professional/payout-account/sandbox/public-token', sandboxChoice()),
  },
  {
    route: 'POST /api/professional/payout-account',
    expect: professionalsOnly(200),
    probes: async (_f, caller, world) => {
      // The caller's own widget token when they are a professional, else A's hygienist's.
      const own = (professionals as readonly string[]).includes(caller);
      const client = own ? world.callers[caller].client : world.hygienist.client;
      const token = await client.post(
        '/api/professional/payout-account/sandbox/public-token',
        sandboxChoice(),
      );
      return post('/api/professional/payout-account', token.body);
    },
  },

  // Professional: own profile, files, dashboard, schedule (no ids in paths)
  {
    route: 'GET /api/professional/profile',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/profile'),
  },
  {
    route: 'PUT /api/professional/profile',
    expect: professionalsOnly(200),
    probes: () => [
      { method: 'PUT', path: '/api/professional/profile', json: { employmentStatus: 'temp' } },
    ],
  },
  {
    route: 'POST /api/professional/photo',
    expect: professionalsOnly(200),
    probes: () => [
      {
        method: 'POST',
        path: '/api/professional/photo',
        form: fileForm(PNG_BYTES, 'me.png', 'image/png'),
      },
    ],
  },
  {
    route: 'POST /api/professional/resume',
    expect: professionalsOnly(200),
    probes: () => [
      {
        method: 'POST',
        path: '/api/professional/resume',
        form: fileForm(PDF_BYTES, 'cv.pdf', 'application/pdf'),
      },
    ],
  },
  {
    route: 'GET /api/professional/dashboard',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/dashboard'),
  },
  {
    route: 'GET /api/professional/shifts',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/shifts'),
  },
  {
    route: 'GET /api/professional/shift-board',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/shift-board'),
  },
  {
    route: 'GET /api/professional/shift-board/almost',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/shift-board/almost'),
  },

  // Professional: applying and booking A's shifts, their own applications and bookings
  {
    // A Hygienist shift: other roles are refused (403 wrong position), as is a pending account.
    route: 'POST /api/professional/shifts/:shiftId/apply',
    expect: professionalsOnly(403, { hygienist: 201 }),
    setup: async (w) => ({ id: await w.fresh.shift('review') }),
    probes: (f) => post(`/api/professional/shifts/${f.id}/apply`, { note: 'Happy to help' }),
  },
  {
    route: 'POST /api/professional/shifts/:shiftId/book',
    expect: professionalsOnly(403, { hygienist: 201 }),
    setup: async (w) => ({ id: await w.fresh.shift('instant') }),
    probes: (f) => post(`/api/professional/shifts/${f.id}/book`),
  },
  {
    route: 'GET /api/professional/applications',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/applications'),
  },
  {
    route: 'POST /api/professional/applications/:id/withdraw',
    expect: hygienistObject(200),
    setup: async (w) => ({ id: (await w.fresh.application()).applicationId }),
    probes: (f) => post(`/api/professional/applications/${f.id}/withdraw`),
  },
  {
    route: 'GET /api/professional/bookings',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/bookings'),
  },
  {
    route: 'POST /api/professional/bookings/:id/cancel',
    expect: hygienistObject(200),
    setup: async (w) => ({ id: (await w.fresh.booking()).bookingId }),
    probes: (f) => post(`/api/professional/bookings/${f.id}/cancel`, { reason: 'Sick child' }),
  },
  {
    route: 'GET /api/professional/attendance',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/attendance'),
  },
  {
    route: 'POST /api/professional/bookings/:id/check-in',
    expect: hygienistObject(200),
    setup: async (w) => {
      const { bookingId, code } = await w.fresh.startingBooking();
      return { id: bookingId, code };
    },
    probes: (f) => post(`/api/professional/bookings/${f.id}/check-in`, { code: f.code }),
  },
  {
    route: 'POST /api/professional/bookings/:id/timesheet',
    expect: hygienistObject(201),
    setup: async (w) => {
      const worked = await w.fresh.workedBooking();
      return {
        id: worked.bookingId,
        startedAt: worked.startsAt.toISOString(),
        endedAt: worked.endsAt.toISOString(),
      };
    },
    probes: (f) =>
      post(`/api/professional/bookings/${f.id}/timesheet`, {
        startedAt: f.startedAt,
        endedAt: f.endedAt,
        breakMinutes: 30,
      }),
  },
  {
    route: 'POST /api/professional/bookings/:id/rating',
    expect: hygienistObject(201),
    setup: async (w) => ({ id: (await w.fresh.completedBooking()).bookingId }),
    probes: (f) => post(`/api/professional/bookings/${f.id}/rating`, { stars: 4 }),
  },

  // Files: the owner, A while the owner applies to A's shift, and platform staff screening
  {
    route: 'GET /api/files/:id',
    expect: cells({
      signedOut: 401,
      practiceA: 200,
      hygienist: 200,
      admin: 200,
      others: 403,
    }),
    setup: async (w) => ({ url: (await w.fresh.photo()).url }),
    probes: (f) => get(f.url!),
  },

  // Platform staff
  {
    route: 'GET /api/admin/professionals',
    expect: adminOnly(200),
    probes: () => get('/api/admin/professionals?status=pending'),
  },
  {
    route: 'POST /api/admin/professionals/:id/decisions',
    expect: adminOnly(201),
    setup: async (w) => ({ id: await w.fresh.pendingProfessional() }),
    probes: (f) => post(`/api/admin/professionals/${f.id}/decisions`, { decision: 'verified' }),
  },
  {
    route: 'GET /api/admin/practices',
    expect: adminOnly(200),
    probes: () => get('/api/admin/practices?status=pending'),
  },
  {
    route: 'POST /api/admin/practices/:id/decisions',
    expect: adminOnly(201),
    setup: async (w) => ({ id: await w.fresh.practice(false) }),
    probes: (f) => post(`/api/admin/practices/${f.id}/decisions`, { decision: 'verified' }),
  },
  {
    route: 'GET /api/admin/credentials',
    expect: adminOnly(200),
    probes: () => get('/api/admin/credentials?status=pending'),
  },
  {
    route: 'POST /api/admin/credentials/:id/decisions',
    expect: adminOnly(201),
    setup: async (w) => ({ id: await hygienistCredential(w) }),
    probes: (f) => post(`/api/admin/credentials/${f.id}/decisions`, { decision: 'verified' }),
  },
  {
    route: 'GET /api/admin/blocks',
    expect: adminOnly(200),
    probes: () => get('/api/admin/blocks'),
  },
  {
    route: 'GET /api/admin/overlapping-bookings',
    expect: adminOnly(200),
    probes: () => get('/api/admin/overlapping-bookings'),
  },
  {
    route: 'GET /api/practice/review',
    expect: practices(200),
    probes: () => get('/api/practice/review'),
  },
  {
    route: 'GET /api/practice/blocks',
    expect: practices(200),
    probes: () => get('/api/practice/blocks'),
  },
  {
    route: 'PUT /api/practice/blocks/:id',
    expect: practiceAObject(204),
    setup: async (w) => ({ id: await w.fresh.applicantOfA() }),
    probes: (f) => [{ method: 'PUT', path: `/api/practice/blocks/${f.id}` }],
  },
  {
    route: 'DELETE /api/practice/blocks/:id',
    expect: practices(204),
    setup: async (w) => ({ id: await w.fresh.applicantOfA() }),
    probes: (f) => [{ method: 'DELETE', path: `/api/practice/blocks/${f.id}` }],
  },
  {
    route: 'GET /api/practice/professionals',
    expect: practices(200),
    probes: () => get('/api/practice/professionals'),
  },
  {
    route: 'PUT /api/practice/favourites/:id',
    expect: practiceAObject(200),
    setup: async (w) => {
      await w.fresh.booking();
      return { id: w.hygienist.professionalId };
    },
    probes: (f) => [{ method: 'PUT', path: `/api/practice/favourites/${f.id}` }],
  },
  {
    route: 'DELETE /api/practice/favourites/:id',
    expect: practiceAObject(200),
    setup: async (w) => {
      await w.fresh.booking();
      return { id: w.hygienist.professionalId };
    },
    probes: (f) => [{ method: 'DELETE', path: `/api/practice/favourites/${f.id}` }],
  },
  {
    route: 'GET /api/practice/shifts/:shiftId/invitations',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.shift() }),
    probes: (f) => get(`/api/practice/shifts/${f.id}/invitations`),
  },
  {
    route: 'POST /api/practice/shifts/:shiftId/invitations',
    expect: practiceAObject(201),
    setup: async (w) => {
      await w.fresh.booking();
      return { id: await w.fresh.shift() };
    },
    probes: (f, _caller, w) =>
      post(`/api/practice/shifts/${f.id}/invitations`, {
        professionalId: w.hygienist.professionalId,
      }),
  },
  {
    route: 'POST /api/practice/invitations/:id/withdraw',
    expect: practiceAObject(200),
    setup: async (w) => ({ id: await w.fresh.invitation() }),
    probes: (f) => post(`/api/practice/invitations/${f.id}/withdraw`),
  },
  {
    route: 'GET /api/practice/conversations',
    expect: practices(200),
    probes: () => get('/api/practice/conversations'),
  },
  {
    route: 'GET /api/practice/conversations/unread',
    expect: practices(200),
    probes: () => get('/api/practice/conversations/unread'),
  },
  {
    route: 'GET /api/practice/shifts/:shiftId/conversations/:professionalId',
    expect: practiceAObject(200),
    setup: async (w) => ({
      id: await w.fresh.conversation(),
      professionalId: w.hygienist.professionalId,
    }),
    probes: (f) => get(`/api/practice/shifts/${f.id}/conversations/${f.professionalId}`),
  },
  {
    route: 'POST /api/practice/shifts/:shiftId/conversations/:professionalId/messages',
    expect: practiceAObject(201),
    setup: async (w) => ({
      id: (await w.fresh.booking()).shiftId,
      professionalId: w.hygienist.professionalId,
    }),
    probes: (f) =>
      post(`/api/practice/shifts/${f.id}/conversations/${f.professionalId}/messages`, {
        body: 'Please park behind the building.',
      }),
  },
  {
    route: 'GET /api/professional/invitations',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/invitations'),
  },
  {
    route: 'GET /api/professional/conversations',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/conversations'),
  },
  {
    route: 'GET /api/professional/conversations/unread',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/conversations/unread'),
  },
  {
    route: 'GET /api/professional/shifts/:shiftId/conversation',
    expect: hygienistObject(200),
    setup: async (w) => ({ id: await w.fresh.conversation() }),
    probes: (f) => get(`/api/professional/shifts/${f.id}/conversation`),
  },
  {
    route: 'POST /api/professional/shifts/:shiftId/conversation/messages',
    expect: hygienistObject(201),
    setup: async (w) => ({ id: (await w.fresh.booking()).shiftId }),
    probes: (f) =>
      post(`/api/professional/shifts/${f.id}/conversation/messages`, {
        body: 'I will be there at 7:45.',
      }),
  },
  {
    route: 'POST /api/professional/invitations/:id/accept',
    expect: professionalsOnly(404, { hygienist: 201, pendingProfessional: 403 }),
    setup: async (w) => ({ id: await w.fresh.invitation() }),
    probes: (f) => post(`/api/professional/invitations/${f.id}/accept`),
  },
  {
    route: 'POST /api/professional/invitations/:id/decline',
    expect: professionalsOnly(404, { hygienist: 200, pendingProfessional: 403 }),
    setup: async (w) => ({ id: await w.fresh.invitation() }),
    probes: (f) => post(`/api/professional/invitations/${f.id}/decline`),
  },
  {
    route: 'GET /api/professional/blocks',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/blocks'),
  },
  {
    route: 'GET /api/professional/credentials',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/credentials'),
  },
  {
    route: 'POST /api/professional/credentials',
    expect: professionalsOnly(201),
    probes: () =>
      post('/api/professional/credentials', {
        kind: 'cpr_bls',
        number: 'BLS-778812',
        issuingState: 'NJ',
        expiresOn: practiceDateFromToday(400),
      }),
  },
  {
    route: 'PUT /api/professional/credentials/:id',
    expect: hygienistObject(200),
    setup: async (w) => ({ id: await hygienistCredential(w) }),
    probes: (f) => [
      {
        method: 'PUT',
        path: `/api/professional/credentials/${f.id}`,
        json: { number: 'BLS-000002' },
      },
    ],
  },
  {
    route: 'DELETE /api/professional/credentials/:id',
    expect: hygienistObject(204),
    setup: async (w) => ({ id: await hygienistCredential(w) }),
    probes: (f) => [{ method: 'DELETE', path: `/api/professional/credentials/${f.id}` }],
  },
  {
    route: 'POST /api/professional/credentials/:id/document',
    expect: hygienistObject(200),
    setup: async (w) => ({ id: await hygienistCredential(w) }),
    probes: (f) => [
      {
        method: 'POST',
        path: `/api/professional/credentials/${f.id}/document`,
        form: fileForm(PDF_BYTES, 'bls-card.pdf', 'application/pdf'),
      },
    ],
  },
  {
    route: 'GET /api/professional/reliability',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/reliability'),
  },
  // Shift alerts: each professional's own cap (no id in the path: never another's)
  {
    route: 'GET /api/professional/alert-settings',
    expect: professionalsOnly(200),
    probes: () => get('/api/professional/alert-settings'),
  },
  {
    route: 'PUT /api/professional/alert-settings',
    expect: professionalsOnly(200),
    probes: () => [
      { method: 'PUT', path: '/api/professional/alert-settings', json: { dailyCap: 3 } },
    ],
  },
  {
    route: 'GET /api/practice/about',
    expect: practices(200),
    probes: () => get('/api/practice/about'),
  },
  {
    route: 'PUT /api/practice/about',
    expect: practices(200),
    probes: () => [{ method: 'PUT', path: '/api/practice/about', json: { parking: 'Free lot' } }],
  },
  {
    route: 'GET /api/professional/practices/:id',
    expect: professionalsOnly(200),
    probes: (_f, _caller, world) =>
      get(`/api/professional/practices/${world.practiceA.practiceId}`),
  },
  {
    route: 'GET /api/professional/practice-scorecards',
    expect: professionalsOnly(200),
    probes: (_f, _caller, world) =>
      get(`/api/professional/practice-scorecards?practiceIds=${world.practiceA.practiceId}`),
  },
  {
    route: 'PUT /api/professional/blocks/:id',
    expect: professionalsOnly(204),
    setup: async (w) => ({ id: await w.fresh.practice() }),
    probes: (f) => [{ method: 'PUT', path: `/api/professional/blocks/${f.id}` }],
  },
  {
    route: 'DELETE /api/professional/blocks/:id',
    expect: professionalsOnly(204),
    setup: async (w) => ({ id: await w.fresh.practice() }),
    probes: (f) => [{ method: 'DELETE', path: `/api/professional/blocks/${f.id}` }],
  },
  {
    route: 'GET /api/admin/money',
    expect: adminOnly(200),
    probes: () => get('/api/admin/money?search=Harbor'),
  },
  {
    route: 'POST /api/admin/charges/:id/refund',
    expect: adminOnly(200),
    setup: async (w) => ({ id: await w.fresh.settledCharge() }),
    probes: (f) => post(`/api/admin/charges/${f.id}/refund`, { note: 'Goodwill refund' }),
  },
  {
    route: 'GET /api/admin/timesheet-disputes',
    expect: adminOnly(200),
    probes: () => get('/api/admin/timesheet-disputes'),
  },
  {
    route: 'POST /api/admin/timesheets/:id/resolve',
    expect: adminOnly(200),
    setup: async (w) => {
      const { timesheetId, startedAt, endedAt } = await w.fresh.disputedTimesheet();
      return { id: timesheetId, startedAt, endedAt };
    },
    probes: (f) =>
      post(`/api/admin/timesheets/${f.id}/resolve`, {
        hours: { startedAt: f.startedAt, endedAt: f.endedAt, breakMinutes: 60 },
        note: 'The break was an hour',
      }),
  },
  {
    route: 'POST /api/admin/timesheets/:id/no-show',
    expect: adminOnly(204),
    setup: async (w) => ({ id: (await w.fresh.disputedTimesheet()).timesheetId }),
    probes: (f) =>
      post(`/api/admin/timesheets/${f.id}/no-show`, { note: 'Nobody came, the front desk says' }),
  },
  {
    route: 'GET /api/admin/web-vitals',
    expect: adminOnly(200),
    probes: () => get('/api/admin/web-vitals'),
  },
  {
    route: 'POST /api/vitals',
    expect: everyone(204),
    probes: () =>
      post('/api/vitals', {
        route: '/practice-portal/staffing-requests',
        metrics: [{ name: 'LCP', value: 1200, rating: 'good' }],
      }),
  },

  // Notifications and e-mail settings
  {
    route: 'GET /api/notifications',
    expect: bellOwners(200),
    probes: () => get('/api/notifications'),
  },
  {
    route: 'POST /api/notifications/read-all',
    expect: bellOwners(204),
    probes: () => post('/api/notifications/read-all'),
  },
  {
    route: 'POST /api/notifications/:id/read',
    expect: cells({ signedOut: 401, admin: 403, practiceA: 204, others: 404 }),
    setup: async (w) => ({ id: await w.fresh.notification() }),
    probes: (f) => post(`/api/notifications/${f.id}/read`),
  },
  {
    route: 'GET /api/notifications/email-preferences',
    expect: bellOwners(200),
    probes: () => get('/api/notifications/email-preferences'),
  },
  {
    route: 'PUT /api/notifications/email-preferences',
    expect: bellOwners(200),
    probes: () => [
      {
        method: 'PUT',
        path: '/api/notifications/email-preferences',
        json: { booking_confirmed: true },
      },
    ],
  },

  // Push notifications: settings and devices of practices and professionals, each their own.
  {
    route: 'GET /api/notifications/push',
    expect: bellOwners(200),
    probes: () => get('/api/notifications/push'),
  },
  {
    route: 'POST /api/notifications/push/devices',
    expect: bellOwners(200),
    // Each caller's own browser (an address on this machine nothing listens on).
    probes: (_f, caller) => [
      {
        method: 'POST',
        path: '/api/notifications/push/devices',
        json: pushSubscriptionFor(`http://127.0.0.1:9/push/${caller}`),
      },
    ],
  },
  {
    route: 'DELETE /api/notifications/push/devices/:id',
    expect: cells({ signedOut: 401, admin: 403, practiceA: 200, others: 404 }),
    setup: async (w) => {
      const [row] = await w.server.services.db
        .insert(pushSubscriptions)
        .values({
          userId: w.practiceA.userId,
          ...pushSubscriptionRow(`http://127.0.0.1:9/push/practice-a-${randomUUID()}`),
          device: 'Chrome on Windows',
        })
        .returning({ id: pushSubscriptions.id });
      return { id: row!.id };
    },
    probes: (f) => [{ method: 'DELETE', path: `/api/notifications/push/devices/${f.id}` }],
  },
  {
    route: 'PUT /api/notifications/push/preferences',
    expect: bellOwners(200),
    probes: () => [
      {
        method: 'PUT',
        path: '/api/notifications/push/preferences',
        json: { booking_confirmed: true },
      },
    ],
  },
  // Text messages: each person's own number (none confirmed here, so confirming and switching
  // are refused by the rules: 409); incoming texts are Twilio's, signed (none without Twilio).
  {
    route: 'GET /api/notifications/sms',
    expect: bellOwners(200),
    probes: () => get('/api/notifications/sms'),
  },
  {
    route: 'PUT /api/notifications/sms/phone',
    expect: bellOwners(200),
    probes: (_f, caller) => [
      {
        method: 'PUT',
        path: '/api/notifications/sms/phone',
        json: { phone: `(201) 555-02${String(callerNames.indexOf(caller)).padStart(2, '0')}` },
      },
    ],
  },
  {
    route: 'DELETE /api/notifications/sms/phone',
    expect: bellOwners(204),
    probes: () => [{ method: 'DELETE', path: '/api/notifications/sms/phone' }],
  },
  {
    route: 'POST /api/notifications/sms/confirm',
    expect: bellOwners(409),
    setup: noTextNumbers,
    probes: () => post('/api/notifications/sms/confirm', { code: '123456' }),
  },
  {
    route: 'PATCH /api/notifications/sms',
    expect: bellOwners(409),
    setup: noTextNumbers,
    probes: () => [{ method: 'PATCH', path: '/api/notifications/sms', json: { enabled: false } }],
  },
  {
    route: 'POST /api/sms/inbound',
    expect: everyone(403),
    probes: () => post('/api/sms/inbound', { From: '+12015550100', Body: 'STOP' }),
  },

  // Calendar feeds: the link is made by its owner; the feed itself is read by whoever holds the
  // secret token (calendar apps have no session), and a wrong token is a 404.
  {
    // One-click unsubscribe (RFC 8058): the signed token is the permission, a made-up one is 404.
    route: 'GET /unsubscribe/:token',
    expect: everyone(404),
    probes: () => get('/unsubscribe/not-a-real-token'),
  },
  {
    route: 'POST /unsubscribe/:token',
    expect: everyone(404),
    probes: () => [{ method: 'POST', path: '/unsubscribe/not-a-real-token' }],
  },
  {
    route: 'GET /api/calendar-feed',
    expect: bellOwners(200),
    probes: () => get('/api/calendar-feed'),
  },
  {
    route: 'GET /api/live',
    expect: bellOwners(200),
    probes: () => [{ method: 'GET', path: '/api/live', stream: true }],
  },
  {
    route: 'POST /api/calendar-feed/replace',
    expect: bellOwners(200),
    probes: () => post('/api/calendar-feed/replace'),
  },
  {
    route: 'GET /calendar/:file',
    expect: everyone(200),
    setup: async (w) => ({ token: await w.fresh.calendarToken() }),
    probes: (f) => [
      { method: 'GET', path: `/calendar/${f.token}.ics` },
      // Another token: the last character changed (to B if it was A, so it always differs).
      {
        method: 'GET',
        path: `/calendar/${f.token!.slice(0, -1)}${f.token!.endsWith('A') ? 'B' : 'A'}.ics`,
        status: 404,
      },
      { method: 'GET', path: `/calendar/${f.token}`, status: 404 },
    ],
  },

  // Development only: absent in production (asserted separately)
  {
    route: 'GET /api/dev/mail',
    only: 'development',
    expect: everyone(200),
    probes: () => get('/api/dev/mail'),
  },
  {
    route: 'GET /dev/mailbox',
    only: 'development',
    expect: everyone(200),
    probes: () => get('/dev/mailbox'),
  },
  {
    route: 'GET /dev/mailbox/previews',
    only: 'development',
    expect: everyone(200),
    probes: () => get('/dev/mailbox/previews'),
  },
  {
    route: 'GET /dev/mailbox/previews/:template',
    only: 'development',
    expect: everyone(200),
    probes: () => get('/dev/mailbox/previews/password-reset'),
  },
  {
    route: 'GET /dev/mailbox/:id',
    only: 'development',
    expect: everyone(200),
    setup: async (w) => {
      const client = w.server.client();
      for (let i = 0; i < 100; i++) {
        const { messages } = (await client.get('/api/dev/mail')).body;
        if (messages.length > 0) return { id: messages[0].id as string };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('no saved e-mail to open');
    },
    probes: (f) => [
      { method: 'GET', path: `/dev/mailbox/${encodeURIComponent(f.id!)}` },
      { method: 'GET', path: '/dev/mailbox/no-such-message', status: 404 },
    ],
  },
  {
    route: 'POST /api/dev/jobs/run',
    only: 'development',
    expect: everyone(200),
    probes: () => post('/api/dev/jobs/run', {}),
  },
  {
    route: 'POST /api/dev/shifts/:id/times',
    only: 'development',
    expect: everyone(204),
    setup: async (w) => ({ id: await w.fresh.shift() }),
    probes: (f) => {
      const startsAt = new Date(Date.now() + 9 * 24 * 3_600_000);
      const endsAt = new Date(startsAt.getTime() + 8 * 3_600_000);
      return post(`/api/dev/shifts/${f.id}/times`, {
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      });
    },
  },

  // The load benchmark's baselines and backlog: only with BENCH_ROUTES=true (asserted separately)
  {
    route: 'GET /api/bench/noop',
    only: 'bench',
    expect: everyone(204),
    probes: () => get('/api/bench/noop'),
  },
  {
    route: 'GET /api/bench/row/:id',
    only: 'bench',
    expect: everyone(200),
    probes: (_f, _c, world) => get(`/api/bench/row/${world.practiceA.userId}`),
  },
  {
    route: 'POST /api/bench/write/:id',
    only: 'bench',
    expect: everyone(201),
    probes: (_f, _c, world) => [
      { method: 'POST', path: `/api/bench/write/${world.practiceA.userId}`, json: {} },
    ],
  },
  {
    route: 'GET /api/bench/backlog',
    only: 'bench',
    expect: everyone(200),
    probes: () => get('/api/bench/backlog'),
  },
  {
    route: 'GET /api/bench/event-loop',
    only: 'bench',
    expect: everyone(200),
    probes: () => get('/api/bench/event-loop'),
  },
  {
    route: 'GET /api/bench/kept-answers',
    only: 'bench',
    expect: everyone(200),
    probes: () => get('/api/bench/kept-answers'),
  },
  {
    route: 'GET /api/bench/server-waits',
    only: 'bench',
    expect: everyone(200),
    probes: () => get('/api/bench/server-waits'),
  },

  // Anything else under /api is a JSON 404; pages are the public web app
  {
    route: 'ALL /api/*',
    expect: everyone(404),
    probes: () => [
      { method: 'GET', path: '/api/no-such-thing' },
      { method: 'POST', path: '/api/practice/shifts/1/approve', json: {} },
      { method: 'DELETE', path: '/api/nothing/here' },
    ],
  },
  {
    route: 'GET /*',
    expect: everyone(200),
    probes: () => [
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/practice-login' },
      { method: 'GET', path: '/no-such-page', status: 404 },
      { method: 'GET', path: '/..%2f..%2fetc%2fpasswd', status: 404 },
    ],
  },
  {
    // Last: signing out ends each caller's session (a signed-out caller has nothing to end).
    route: 'POST /api/auth/sign-out',
    expect: everyone(200),
    probes: () => post('/api/auth/sign-out'),
  },
];
