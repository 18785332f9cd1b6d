/** Helpers for the marketplace specs: signed-in API contexts, verified professionals, shifts. */
import { TZDate } from '@date-fns/tz';
import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { addMonths, format, setDate } from 'date-fns';
import type { ProfessionalRole } from '../../src/shared/accounts';
import { weekDays } from '../../src/shared/professional/availability';
import { createPracticeAccount, createProfessionalAccount } from './accounts';
import { readMail } from './fixtures';

const ZONE = 'America/New_York';
/** Listed in ADMIN_EMAILS by e2e/support/e2e-server.ts (the screening spec uses the same). */
const ADMIN_EMAIL = 'admin@e2e.chairfill.example.com';
const ADMIN_PASSWORD = 'staff-e2e-password';

export type Audience = 'practice' | 'professional' | 'admin';

export async function signedInApi(
  baseURL: string,
  email: string,
  password: string,
  audience: Audience,
): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const login = await api.post('/api/login', { data: { email, password, audience } });
  expect(login.status(), `login of ${email} as ${audience}`).toBe(200);
  return api;
}

/** The admin's signed-in cookies, kept for the worker's later specs (see adminApi). */
let adminState: Awaited<ReturnType<APIRequestContext['storageState']>> | undefined;

/**
 * The ADMIN_EMAILS admin, signed in. Its password is set through a reset e-mail the first time
 * (as a new staff member would); when another spec already set it, the login just works. The
 * session is reused across specs while it is valid: the login allows ten attempts per e-mail
 * address in 15 minutes, and the whole suite verifies more professionals than that.
 */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  if (adminState) {
    const reused = await request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL },
      storageState: adminState,
    });
    const session = await reused.get('/api/session');
    if (session.status() === 200) {
      const body = (await session.json()) as { user?: { accountType?: string } } | null;
      if (body?.user?.accountType === 'admin') return reused;
    }
    await reused.dispose();
    adminState = undefined;
  }
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const attempt = () =>
    api.post('/api/login', {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, audience: 'admin' },
    });
  if ((await attempt()).status() !== 200) {
    const since = new Date();
    const asked = await api.post('/api/password-reset/request', { data: { email: ADMIN_EMAIL } });
    expect(asked.status()).toBe(200);
    const mail = await readMail(api, ADMIN_EMAIL, {
      subject: 'Reset your ChairFill password',
      since,
    });
    const token = /\/api\/auth\/reset-password\/([^?\s/]+)/.exec(mail.text)?.[1];
    expect(token, 'the reset link in the e-mail').toBeTruthy();
    const completed = await api.post('/api/password-reset/complete', {
      data: { token, password: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD },
    });
    expect(completed.status()).toBe(200);
    expect((await attempt()).status()).toBe(200);
  }
  adminState = await api.storageState();
  return api;
}

/** The admin verifies the pending professional with this e-mail (as the console's Verify does). */
export async function verifyProfessional(admin: APIRequestContext, email: string): Promise<void> {
  const list = await admin.get('/api/admin/professionals?status=pending');
  expect(list.status()).toBe(200);
  const { professionals } = (await list.json()) as {
    professionals: Array<{ id: string; email: string }>;
  };
  const professional = professionals.find((p) => p.email.toLowerCase() === email.toLowerCase());
  expect(professional, `pending professional ${email}`).toBeTruthy();
  const decided = await admin.post(`/api/admin/professionals/${professional!.id}/decisions`, {
    data: { decision: 'verified', reason: '' },
  });
  expect(decided.status()).toBe(201);
}

/** The admin verifies the pending practice with this e-mail (as the console's Verify does). */
export async function verifyPractice(admin: APIRequestContext, email: string): Promise<void> {
  const list = await admin.get('/api/admin/practices?status=pending');
  expect(list.status()).toBe(200);
  const { practices } = (await list.json()) as { practices: Array<{ id: string; email: string }> };
  const practice = practices.find((p) => p.email.toLowerCase() === email.toLowerCase());
  expect(practice, `pending practice ${email}`).toBeTruthy();
  const decided = await admin.post(`/api/admin/practices/${practice!.id}/decisions`, {
    data: { decision: 'verified', reason: '' },
  });
  expect(decided.status()).toBe(201);
}

/**
 * A professional living in Long Branch (where createPracticeAccount's practice is; or `home`),
 * travelling 25 miles, at least $40.00/hr, free every day 6 AM–10 PM: every shift in these specs
 * fits them. Verified by the admin unless `verified` is false.
 */
export async function createMatchingProfessional(
  baseURL: string,
  options: {
    firstName: string;
    lastName: string;
    verified?: boolean;
    role?: ProfessionalRole;
    home?: { city: string; zipCode: string };
  },
) {
  const home = options.home ?? { city: 'Long Branch', zipCode: '07740' };
  const account = await createProfessionalAccount(baseURL, options.role ?? 'hygienist', {
    firstName: options.firstName,
    lastName: options.lastName,
    city: home.city,
    state: 'NJ',
    zipCode: home.zipCode,
  });
  const api = await signedInApi(baseURL, account.email, account.password, 'professional');
  const saved = await api.put('/api/professional/profile', {
    data: {
      homeZipCode: home.zipCode,
      travelDistance: 25,
      minimumRate: '40.00',
      availability: weekDays.map((day) => ({ day, startTime: '06:00', endTime: '22:00' })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await api.dispose();
  if (options.verified !== false) {
    const admin = await adminApi(baseURL);
    await verifyProfessional(admin, account.email);
    await admin.dispose();
  }
  return { ...account, name: `${options.firstName} ${options.lastName}` };
}

/** A practice with a unique name (its main location carries the name too). */
export async function createNamedPractice(baseURL: string, prefix: string) {
  const practiceName = `${prefix} ${Date.now().toString(36)}`;
  const account = await createPracticeAccount(baseURL, { practiceName });
  return { ...account, practiceName };
}

/** Posts one shift through the API and returns its id. */
export async function postShift(
  api: APIRequestContext,
  shift: {
    date: string;
    bookingMode: 'review' | 'instant';
    startTime?: string;
    endTime?: string;
    rate?: string;
  },
): Promise<string> {
  const locations = (await (await api.get('/api/practice/locations')).json()) as {
    locations: Array<{ id: string }>;
  };
  const posted = await api.post('/api/practice/shifts', {
    data: {
      position: 'Hygienist',
      dates: [shift.date],
      startTime: shift.startTime ?? '08:00',
      endTime: shift.endTime ?? '16:00',
      rate: shift.rate ?? '55.00',
      locationId: locations.locations[0]!.id,
      breakMinutes: 30,
      timePerPatient: 30,
      notes: '',
      bookingMode: shift.bookingMode,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { shifts: Array<{ id: string }> }).shifts[0]!.id;
}

/** Day `day` of next month in New Jersey: always inside the posting window, always ahead. */
export function nextMonthDay(day: number): Date {
  return setDate(addMonths(TZDate.tz(ZONE), 1), day);
}

/** 'yyyy-MM-dd' of a New Jersey date. */
export const dateValue = (date: Date) => format(date, 'yyyy-MM-dd');
/** How the lists show a date: 'Thu, Dec 10, 2026'. */
export const longDate = (date: Date) => format(date, 'EEE, MMM d, yyyy');
/** How button names show a date: 'Thu, Dec 10'. */
export const shortDate = (date: Date) => format(date, 'EEE, MMM d');
/** How react-day-picker names a day button ('Thursday, December 10th, 2026'). */
export const dayButtonName = (date: Date) => new RegExp(`^${format(date, 'EEEE, MMMM do, yyyy')}`);

export async function signIn(
  page: Page,
  loginPath: '/practice-login' | '/professional-login',
  account: { email: string; password: string },
) {
  await page.goto(loginPath);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Signed in once the portal shows (the login page has a heading of its own): leaving earlier
  // would abort the sign-in request.
  await expect(page).not.toHaveURL((url) => url.pathname === loginPath);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** Opens a section from the portal's navigation. */
export async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name }).click();
}

/**
 * Runs the scheduled jobs as of `now` (dev-only route): expires unfilled shifts, submits and
 * approves timesheets whose deadlines have passed by then.
 */
export async function runJobs(api: APIRequestContext, now: Date): Promise<void> {
  const ran = await api.post('/api/dev/jobs/run', { data: { now: now.toISOString() } });
  expect(ran.status(), await ran.text()).toBe(200);
}
