import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { and, desc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bookings,
  locations,
  notifications,
  pushSubscriptions,
  shiftApplications,
  shifts,
  storedFiles,
} from '../../src/server/db/schema';
import { seedLocation } from '../../src/server/db/seed/seed-accounts';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import {
  changedTables,
  createDatabaseDigest,
  type DatabaseDigest,
} from '../support/database-digest';
import {
  marketplaceCast,
  postShift,
  professionalUser,
  serverForFile,
  type MarketplaceCast,
} from '../support/marketplace-fixtures';
import {
  apiRoutesToFuzz,
  usualCallers,
  type CallerKind,
  type FuzzRoute,
} from '../support/hostile-routes';
import {
  bodyPlan,
  mutateTemplate,
  paramPlan,
  queryPlan,
  renderParam,
  renderQuery,
  type BodyPlan,
  type ParamPlan,
} from '../support/hostile-values';
import { genericErrors } from '../../src/shared/messages';
import { fileForm, PNG_BYTES } from '../support/sample-files';
import type { ApiClient, ApiResult, TestServer } from '../support/test-server';

/**
 * Hostile input, property-based: every JSON endpoint of the API (read from the app's own route
 * list) gets malformed, oversized, wrong-typed and boundary bodies, query strings and path ids, as
 * its usual caller and as everyone else. Never a 5xx; every refusal is a 4xx JSON
 * { error: { code, message } } with a message for people; a refused request leaves the database
 * exactly as it was. HOSTILE_RUNS sets the inputs per endpoint (default 50).
 */

const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 50);
const routes = apiRoutesToFuzz();

let server: TestServer;
let cast: MarketplaceCast;
let admin: ApiClient;
let screeningTarget: string;
let digest: () => Promise<DatabaseDigest>;
const templates = new Map<string, unknown>();
const tried = {
  total: 0,
  refused: 0,
  accepted: 0,
  byRoute: new Map<string, number>(),
  requestMs: 0,
  digestMs: 0,
};
/** The digest after the last refused request: nothing has changed since (null after a change). */
let lastDigest: DatabaseDigest | null = null;

async function timedDigest(): Promise<DatabaseDigest> {
  const started = performance.now();
  const result = await digest();
  tried.digestMs += performance.now() - started;
  return result;
}

const now = new Date();
const templatesByRoute: Record<string, unknown> = {
  'POST /api/signup/practice': {
    practiceName: 'Fuzz Dental',
    email: 'fuzz-practice@example.com',
    phone: '(201) 555-0142',
    address: '100 River Road',
    city: 'Hackensack',
    state: 'NJ',
    zipCode: '07601',
    pointOfContact: 'Dana Office',
    password: 'a-long-password-1',
    confirmPassword: 'a-long-password-1',
    acceptTerms: true,
  },
  'POST /api/signup/professional': {
    role: 'assistant',
    firstName: 'Fuzz',
    lastName: 'Tester',
    email: 'fuzz-pro@example.com',
    phone: '732-555-0188',
    address: '12 Elm Street',
    city: 'New Brunswick',
    state: 'NJ',
    zipCode: '08901',
    licenseNumber: 'NJ-12345',
    licenseType: 'CDA',
    yearsOfExperience: '5',
    employmentStatus: 'part-time',
    password: 'a-long-password-1',
    confirmPassword: 'a-long-password-1',
    acceptTerms: true,
  },
  // A browser's push subscription: an address on this machine nothing listens on, real keys.
  'POST /api/notifications/push/devices': {
    endpoint: 'http://127.0.0.1:9/push/hostile',
    keys: {
      p256dh:
        'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    },
  },
  'PUT /api/notifications/push/preferences': { booking_confirmed: false, message: true },
  'POST /api/login': {
    email: 'nobody@example.com',
    password: 'wrong-password',
    audience: 'practice',
  },
  'POST /api/password-reset/request': { email: 'nobody@example.com' },
  'POST /api/password-reset/complete': {
    token: 'not-a-real-token',
    password: 'a-long-password-1',
    confirmPassword: 'a-long-password-1',
  },
  'POST /api/practice/locations': {
    name: 'Second Office',
    address: '5 Main Street',
    city: 'Newark',
    state: 'NJ',
    zipCode: '07102',
    phone: '(973) 555-0100',
    email: 'office@example.com',
    pointOfContact: 'Sam',
    dentalSoftware: 'Dentrix',
    operatoryCount: 4,
  },
  'POST /api/practice/shifts': {
    position: 'Hygienist',
    dates: ['2026-02-30', new Date(now.getTime() + 5 * 86_400_000).toISOString().slice(0, 10)],
    startTime: '08:00',
    endTime: '16:00',
    rate: '55.00',
    locationId: '{location}',
    breakMinutes: 30,
    timePerPatient: 45,
    notes: 'Bring loupes',
    bookingMode: 'review',
  },
  'PATCH /api/practice/shifts/:id': { startTime: '09:00', endTime: '15:00', rate: 60 },
  'POST /api/practice/shifts/:id/cancel': { reason: 'Office closed' },
  'POST /api/practice/applications/:id/decline': { reason: 'Not this time' },
  'POST /api/practice/shifts/:shiftId/rating': { stars: 5, comment: 'Great' },
  'POST /api/professional/shifts/:shiftId/apply': { note: 'Happy to help' },
  'POST /api/professional/bookings/:id/cancel': { reason: 'Sick' },
  'POST /api/professional/bookings/:id/rating': { stars: 4, comment: 'Nice team' },
  'POST /api/admin/professionals/:id/decisions': {
    decision: 'rejected',
    reason: 'License not found',
  },
  'POST /api/vitals': { route: '/', metrics: [{ name: 'LCP', value: 1200, rating: 'good' }] },
  'POST /api/dev/jobs/run': { now: now.toISOString() },
  'POST /api/practice/billing/sandbox/public-token': { bankId: 'sandbox-bank', accountId: 'acc-1' },
  'POST /api/exchange-plaid-token': { publicToken: 'public-sandbox-x', accountId: 'acc-1' },
};

function client(kind: CallerKind): ApiClient {
  switch (kind) {
    case 'signedOut':
      return server.client();
    case 'practice':
      return cast.practice.client;
    case 'otherPractice':
      return cast.otherPractice.client;
    case 'professional':
      return cast.alice.client;
    case 'admin':
      return admin;
  }
}

/** A real id the usual caller owns, for the parameter that follows `segment` in the path. */
async function ownedId(route: FuzzRoute, param: string): Promise<string> {
  const db = server.services.db;
  const segments = route.path.split('/');
  const segment = segments[segments.indexOf(`:${param}`) - 1];
  const practiceSide = route.path.startsWith('/api/practice');
  const first = async (rows: Promise<Array<{ id: string }>>) => (await rows)[0]?.id;
  let id: string | undefined;
  if (segment === 'locations') {
    id = await first(
      db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.practiceId, cast.practice.practiceId))
        .orderBy(desc(locations.createdAt))
        .limit(1),
    );
    if (!id) {
      // Every location was deleted by an accepted request: add one (the digest is taken again).
      lastDigest = null;
      id = (
        await seedLocation(server.services, cast.practice.practiceId, {
          name: 'Refill',
          address: '1 Oak St',
        })
      ).id;
    }
  } else if (segment === 'shifts') {
    id = await first(
      db
        .select({ id: shifts.id })
        .from(shifts)
        .where(and(eq(shifts.practiceId, cast.practice.practiceId), eq(shifts.status, 'open')))
        .limit(1),
    );
    if (!id) {
      // Every shift was cancelled or booked by accepted requests: post another.
      lastDigest = null;
      id = await postShift(server, cast.practice.practiceId, { daysAhead: 3 });
    }
  } else if (segment === 'applications') {
    const mine = practiceSide
      ? db
          .select({ id: shiftApplications.id })
          .from(shiftApplications)
          .innerJoin(shifts, eq(shifts.id, shiftApplications.shiftId))
          .where(eq(shifts.practiceId, cast.practice.practiceId))
      : db
          .select({ id: shiftApplications.id })
          .from(shiftApplications)
          .where(eq(shiftApplications.professionalId, cast.alice.professionalId));
    id = await first(mine.limit(1));
  } else if (segment === 'bookings') {
    id = await first(
      db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.professionalId, cast.alice.professionalId))
        .limit(1),
    );
  } else if (segment === 'notifications') {
    id = await first(
      db
        .select({ id: notifications.id })
        .from(notifications)
        .where(inArray(notifications.userId, [cast.alice.userId, cast.practice.userId]))
        .limit(1),
    );
  } else if (segment === 'devices') {
    id = await first(
      db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [cast.alice.userId, cast.practice.userId]))
        .limit(1),
    );
  } else if (segment === 'professionals') {
    id = screeningTarget;
  } else if (segment === 'files') {
    id = await first(
      db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.ownerUserId, cast.alice.userId))
        .limit(1),
    );
  }
  return id ?? randomUUID();
}

async function pathFor(route: FuzzRoute, plans: ParamPlan[]): Promise<string> {
  let result = route.path;
  for (const [i, param] of route.params.entries()) {
    const plan = plans[i]!;
    const value =
      plan.kind === 'owned'
        ? await ownedId(route, param)
        : plan.kind === 'random'
          ? randomUUID()
          : renderParam(plan);
    result = result.replace(`:${param}`, value);
  }
  return result;
}

async function send(
  route: FuzzRoute,
  caller: ApiClient,
  path: string,
  plan: BodyPlan,
): Promise<ApiResult> {
  const key = `${route.method} ${route.path}`;
  if (route.method === 'GET' || plan.kind === 'none')
    return caller.raw(route.method, path, undefined as unknown as BodyInit);
  if (plan.kind === 'oversized') {
    return sendOversized(route.method, path, caller, `{"a":"${'x'.repeat(plan.bytes)}"}`);
  }
  if (plan.kind === 'raw') {
    return caller.raw(
      route.method,
      path,
      plan.text,
      plan.contentType ? { 'content-type': plan.contentType } : {},
    );
  }
  const template = templates.get(key) ?? {};
  return caller.raw(route.method, path, JSON.stringify(mutateTemplate(template, plan)) ?? 'null', {
    'content-type': 'application/json',
  });
}

/**
 * An oversized body over a connection of its own: the server may answer 413 and close before the
 * whole body is sent, so the answer is read even when writing the rest fails.
 */
function sendOversized(
  method: string,
  path: string,
  caller: ApiClient,
  body: string,
): Promise<ApiResult> {
  return new Promise((resolve, reject) => {
    const cookie = [...caller.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const request = http.request(`${server.url}${path}`, {
      method,
      agent: false,
      headers: {
        origin: server.url,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(cookie ? { cookie } : {}),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          /* not JSON */
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        resolve({ status: response.statusCode ?? 0, body: parsed, headers });
      });
    });
    // Writing the rest of a refused body may fail once the server closed: the answer decides.
    request.on('error', (error) => setTimeout(() => reject(error), 2_000));
    request.end(body);
  });
}

/** A message written for people: no parser, schema or stack output. */
const TECHNICAL =
  /expected .* received|invalid input|zod|undefined|\[object|syntaxerror|unexpected token|json at position|\bat \S+ \(|node_modules|violates|relation "|column "|uuid/i;

function describeInput(path: string, plan: BodyPlan): string {
  const body =
    plan.kind === 'mutate'
      ? JSON.stringify(plan).slice(0, 400)
      : JSON.stringify(plan).slice(0, 200);
  return `${path.slice(0, 300)} ${body}`;
}

serverForFile(async (started) => {
  server = started;
  cast = await marketplaceCast(server);
  const adminEmail = `fuzz-admin-${randomUUID().slice(0, 8)}@example.com`;
  await createAdminAccount(server.services, {
    email: adminEmail,
    password: 'fuzz-admin-password-1',
    name: 'Fuzz Admin',
  });
  admin = server.client();
  const signedIn = await admin.post('/api/login', {
    email: adminEmail,
    password: 'fuzz-admin-password-1',
    audience: 'admin',
  });
  if (signedIn.status !== 200)
    throw new Error(`admin login failed: ${JSON.stringify(signedIn.body)}`);
  screeningTarget = (
    await professionalUser(server, { status: 'pending', firstName: 'Pat', lastName: 'Pending' })
  ).professionalId;

  // Real rows to aim at: a location, shifts, an application, a booking, notifications and a file.
  const location = await seedLocation(server.services, cast.practice.practiceId, {
    name: 'Main Office',
    address: '100 River Road',
  });
  const reviewShift = await postShift(server, cast.practice.practiceId, { daysAhead: 4 });
  const instantShift = await postShift(server, cast.practice.practiceId, {
    daysAhead: 6,
    bookingMode: 'instant',
  });
  await postShift(server, cast.practice.practiceId, { daysAhead: 8 });
  expect(
    (await cast.alice.client.post(`/api/professional/shifts/${reviewShift}/apply`, { note: 'Hi' }))
      .status,
  ).toBeLessThan(300);
  expect(
    (await cast.alice.client.post(`/api/professional/shifts/${instantShift}/book`, {})).status,
  ).toBeLessThan(300);
  const photo = await cast.alice.client.raw(
    'POST',
    '/api/professional/photo',
    fileForm(PNG_BYTES, 'me.png', 'image/png'),
  );
  expect(photo.status).toBe(200);

  // PUT and PATCH bodies start from what the matching GET answers (the whole record the form sends).
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const fixed = templatesByRoute[key];
    if (fixed !== undefined) {
      templates.set(key, JSON.parse(JSON.stringify(fixed).replaceAll('{location}', location.id)));
    } else if (route.method === 'PUT' && route.params.length === 0) {
      const caller = client(usualCallers(route.path)[0]!);
      const current = await caller.get(route.path);
      if (current.status === 200) templates.set(key, current.body);
    } else if (key === 'PUT /api/practice/locations/:id') {
      templates.set(key, templatesByRoute['POST /api/practice/locations']);
    }
  }
  digest = await createDatabaseDigest(server.services.db);
}, 120_000);

afterAll(() => {
  const lines = [...tried.byRoute].map(([route, n]) => `  ${n}\t${route}`);
  console.log(
    `hostile input: ${tried.total} requests to ${tried.byRoute.size} endpoints ` +
      `(${tried.refused} refused with a 4xx, ${tried.accepted} accepted); ` +
      `${Math.round(tried.requestMs / 1000)} s in requests, ${Math.round(tried.digestMs / 1000)} s in database digests\n` +
      lines.join('\n'),
  );
});

describe('hostile input to every JSON endpoint', () => {
  it('covers the API routes read from the app', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/practice/shifts');
  });

  it('keeps the connection open after refusing a large body it did not read', async () => {
    // Signed out (401) and unknown shift (404) are answered before the body is read.
    const body = JSON.stringify({ note: 'x'.repeat(600_000) });
    for (let i = 0; i < 3; i++) {
      const refused = await cast.alice.client.raw(
        'POST',
        `/api/professional/shifts/${randomUUID()}/book`,
        body,
        { 'content-type': 'application/json' },
      );
      expect(refused.status).toBe(404);
      expect((await cast.alice.client.get('/api/professional/profile')).status).toBe(200);
      const signedOut = server.client();
      const unauthorized = await signedOut.raw('PUT', '/api/professional/profile', body, {
        'content-type': 'application/json',
      });
      expect(unauthorized.status).toBe(401);
      expect((await signedOut.get('/api/session')).status).toBeLessThan(500);
    }
  });

  /**
   * Valid JSON under another media type: every endpoint that reads a JSON body (those with a
   * template above, the PUTs from their GET) refuses it with 415 before parsing it, and nothing
   * changes. The one exception is the web-vitals beacon, which navigator.sendBeacon sends as
   * text/plain (src/web/lib/report-web-vitals.ts): it keeps taking text/plain, and only that.
   */
  it('refuses valid JSON sent as another media type on every JSON endpoint (415)', async () => {
    // Declining takes no body (the template's reason is fuzz that the route never reads): like
    // every body-less POST it acts on whatever is sent, so it is no JSON endpoint to check here.
    const takesNoBody = new Set(['POST /api/practice/applications/:id/decline']);
    const jsonRoutes = routes.filter((route) => {
      const key = `${route.method} ${route.path}`;
      return templates.has(key) && !takesNoBody.has(key);
    });
    expect(jsonRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/signup/practice',
        'POST /api/signup/professional',
        'POST /api/practice/shifts',
        'PUT /api/professional/profile',
        'POST /api/exchange-plaid-token',
      ]),
    );
    for (const route of jsonRoutes) {
      const key = `${route.method} ${route.path}`;
      const caller = client(usualCallers(route.path)[0]!);
      const path = await pathFor(
        route,
        route.params.map(() => ({ kind: 'owned' }) as const),
      );
      const body = JSON.stringify(templates.get(key));
      const mediaTypes =
        key === 'POST /api/vitals'
          ? ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']
          : ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', null];
      for (const type of mediaTypes) {
        const before = await timedDigest();
        const res = await caller.raw(
          route.method,
          path,
          new Blob([body]),
          type ? { 'content-type': type } : {},
        );
        const context = `${key} as ${type} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        expect(res.status, context).toBe(415);
        expect(res.headers.get('content-type') ?? '', context).toMatch(/^application\/json/);
        expect(res.body.error, context).toEqual({
          code: 'unsupported_media_type',
          message: genericErrors.unsupportedMediaType,
        });
        expect(changedTables(before, await timedDigest()), context).toEqual([]);
      }
    }
    lastDigest = null;
    const beacon = await server
      .client()
      .raw(
        'POST',
        '/api/vitals',
        JSON.stringify({ route: '/admin', metrics: [{ name: 'FCP', value: 300 }] }),
        {
          'content-type': 'text/plain;charset=UTF-8',
        },
      );
    expect(beacon.status, JSON.stringify(beacon.body)).toBe(204);
  });

  /**
   * A route that declares a required JSON body never reads a missing one as `{}` (which would
   * run its rules on no input, or save nothing as if it were a change): no body at all, or an
   * empty one sent as JSON, is a 400 and nothing changes.
   */
  it('refuses a missing required body with 400 on every endpoint that requires one', async () => {
    const requiring = routes.filter((route) => route.bodyRequired);
    expect(requiring.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['PUT /api/practice', 'POST /api/practice/shifts']),
    );
    for (const route of requiring) {
      const key = `${route.method} ${route.path}`;
      const caller = client(usualCallers(route.path)[0]!);
      const path = await pathFor(
        route,
        route.params.map(() => ({ kind: 'owned' }) as const),
      );
      for (const headers of [{}, { 'content-type': 'application/json' }] as Record<
        string,
        string
      >[]) {
        const before = await timedDigest();
        const res = await caller.raw(route.method, path, new Blob([]), headers);
        const context = `${key} with ${JSON.stringify(headers)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        expect(res.status, context).toBe(400);
        expect(res.body.error?.code, context).toBe('invalid_json');
        expect(changedTables(before, await timedDigest()), context).toEqual([]);
      }
    }
    lastDigest = null;
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 5xx; refusals are clear 4xx JSON and change nothing',
    async (key, route) => {
      const usual = usualCallers(route.path);
      const others = (
        ['signedOut', 'practice', 'otherPractice', 'professional', 'admin'] as const
      ).filter((kind) => !usual.includes(kind));
      const input = fc.record({
        caller: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...usual) },
          { weight: 1, arbitrary: fc.constantFrom(...others) },
        ),
        params: fc.tuple(...route.params.map(() => paramPlan)),
        query: fc.oneof(
          { weight: route.method === 'GET' ? 4 : 1, arbitrary: queryPlan },
          {
            weight: 1,
            arbitrary: fc.constant([] as Array<{ key: string; value: string; raw: boolean }>),
          },
        ),
        body: bodyPlan,
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ caller, params, query, body }) => {
          const path = (await pathFor(route, params)) + renderQuery(query);
          const before = lastDigest ?? (await timedDigest());
          lastDigest = null;
          const started = performance.now();
          const res = await send(route, client(caller), path, body);
          tried.requestMs += performance.now() - started;
          tried.total += 1;
          tried.byRoute.set(key, (tried.byRoute.get(key) ?? 0) + 1);
          const context = `${caller} ${describeInput(path, body)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          expect(res.status, context).toBeLessThan(500);
          if (res.status < 400) {
            tried.accepted += 1;
            return;
          }
          tried.refused += 1;
          expect(res.headers.get('content-type') ?? '', context).toMatch(/^application\/json/);
          const error = res.body?.error;
          expect(typeof error?.code === 'string' && error.code.length > 0, context).toBe(true);
          expect(
            typeof error?.message === 'string' && error.message.trim().length > 0,
            context,
          ).toBe(true);
          expect(error.message.length, context).toBeLessThan(300);
          expect(error.message, context).not.toMatch(TECHNICAL);
          const after = await timedDigest();
          expect(changedTables(before, after), context).toEqual([]);
          lastDigest = after;
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
    300_000,
  );
});
